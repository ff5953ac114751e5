// What a day's download reads of a ladder: the renditions of a master playlist as ffmpeg writes it,
// a rendition's files and length, and the size shown before downloading.
import { estimatedBytes, mediaPlaylistOf, renditionsOf } from '../src/offline/playlists';

const master = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=737000,AVERAGE-BANDWIDTH=612000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
  '360p/playlist.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=1680000,RESOLUTION=960x540,CODECS="avc1.4d401f,mp4a.40.2"',
  '540p/playlist.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=70400,CODECS="mp4a.40.2"',
  'audio/playlist.m3u8',
  '',
].join('\n');

const rendition = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MEDIA-SEQUENCE:1',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MAP:URI="init.mp4"',
  '#EXTINF:2.000000,',
  'segment-1.m4s',
  '#EXTINF:6.000000,',
  'segment-2.m4s',
  '#EXTINF:4.500000,',
  'segment-3.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

it('lists a master playlist’s renditions by folder, with the average bit rate where given', () => {
  expect(renditionsOf(master)).toEqual([
    { name: '360p', playlist: '360p/playlist.m3u8', bitsPerSecond: 612_000 },
    { name: '540p', playlist: '540p/playlist.m3u8', bitsPerSecond: 1_680_000 },
    { name: 'audio', playlist: 'audio/playlist.m3u8', bitsPerSecond: 70_400 },
  ]);
});

it('reads a rendition’s init file first, then its segments, and its length', () => {
  expect(mediaPlaylistOf(rendition)).toEqual({ files: ['init.mp4', 'segment-1.m4s', 'segment-2.m4s', 'segment-3.m4s'], seconds: 12.5 });
});

it('estimates a rendition’s size from its bit rate and length', () => {
  const audio = renditionsOf(master).find((entry) => entry.name === 'audio')!;
  // 70,400 bit/s for 10 minutes: 5.28 MB.
  expect(estimatedBytes(audio, 600)).toBe(5_280_000);
});

it('finds nothing in a text that is no playlist', () => {
  expect(renditionsOf('<html>not found</html>')).toEqual([]);
  expect(mediaPlaylistOf('')).toEqual({ files: [], seconds: 0 });
});
