// What a file is, by its first bytes.
import { sniff } from '../src/content-types.js';

const of = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

it.each([
  ['a PDF', of('%PDF-1.7\n'), { category: 'pdf', contentType: 'application/pdf' }],
  ['an MP4 video', of([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]), { category: 'video', contentType: 'video/mp4' }],
  ['a QuickTime movie', of([0, 0, 0, 0x14], 'ftypqt  '), { category: 'video', contentType: 'video/quicktime' }],
  ['an M4A recording', of([0, 0, 0, 0x1c], 'ftypM4A ', [0, 0, 0, 0]), { category: 'audio', contentType: 'audio/mp4' }],
  ['a WebM video', of([0x1a, 0x45, 0xdf, 0xa3], 'webm....V_VP9....A_OPUS'), { category: 'video', contentType: 'video/webm' }],
  ['a WebM recording', of([0x1a, 0x45, 0xdf, 0xa3], 'webm....A_OPUS'), { category: 'audio', contentType: 'audio/webm' }],
  ['an Ogg Opus recording', of('OggS', [0, 2], 'xxxxxxxxOpusHead'), { category: 'audio', contentType: 'audio/ogg' }],
  ['an Ogg Theora video', of('OggS', [0, 2], 'xxxxxxxx', [0x80], 'theora'), { category: 'video', contentType: 'video/ogg' }],
  ['a WAV recording', of('RIFF', [0, 0, 0, 0], 'WAVEfmt '), { category: 'audio', contentType: 'audio/wav' }],
  ['an AVI video', of('RIFF', [0, 0, 0, 0], 'AVI LIST'), { category: 'video', contentType: 'video/x-msvideo' }],
  ['an MP3 with ID3', of('ID3', [4, 0, 0]), { category: 'audio', contentType: 'audio/mpeg' }],
  ['an MP3 frame', of([0xff, 0xfb, 0x90, 0x64]), { category: 'audio', contentType: 'audio/mpeg' }],
  ['text named .mp4', of('These are my notes, not a video.'), { category: 'unknown' }],
  ['an empty file', of(''), { category: 'unknown' }],
  ['an HTML page', of('<!doctype html><html>'), { category: 'unknown' }],
])('knows %s', (_, head, expected) => {
  expect(sniff(head)).toEqual(expected);
});
