// SRT becomes WebVTT; WebVTT stays; anything else is refused.
import { toWebVtt } from '../src/subtitles.js';

const bytes = (text: string) => new TextEncoder().encode(text);

it('converts SRT cues (CRLF, BOM, comma milliseconds, numbered) to WebVTT', () => {
  const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nFirst line\r\nsecond line\r\n\r\n2\r\n00:01:02,003 --> 00:01:04,000\r\nНэг\r\n';
  expect(toWebVtt(bytes(srt))).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nFirst line\nsecond line\n\n00:01:02.003 --> 00:01:04.000\nНэг\n');
});

it('keeps WebVTT as it is', () => {
  const vtt = 'WEBVTT - a title\n\nNOTE made by hand\n\n00:01.000 --> 00:02.000 line:0\nHi\n';
  expect(toWebVtt(bytes(vtt))).toBe(vtt);
});

it.each([
  ['plain text', 'just some words\nand more'],
  ['a WEBVTT header without cues', 'WEBVTT\n\n'],
  ['an SRT block without timing', '1\nHello\n'],
  ['empty', ''],
])('refuses %s', (_, text) => {
  expect(() => toWebVtt(bytes(text))).toThrow('Хадмал SRT эсвэл WebVTT файл байх ёстой.');
});

it('refuses bytes that are not UTF-8 text', () => {
  expect(() => toWebVtt(new Uint8Array([0xff, 0xfe, 0x00, 0x31]))).toThrow('Хадмал SRT эсвэл WebVTT файл байх ёстой.');
});
