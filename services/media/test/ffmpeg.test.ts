// ffprobe reads what a file holds: sound with a rate and channels, a picture with a size. A file
// whose first bytes only claim media holds neither; a machine without ffprobe gets no answer.
import { createMediaTools } from '../src/ffmpeg.js';
import { makeTestMedia, type TestMedia } from './media-files.js';

let media: TestMedia;
beforeAll(async () => {
  media = await makeTestMedia();
});
afterAll(() => media?.remove());

const tools = createMediaTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

it('reads every accepted recording as sound without picture', async () => {
  for (const [format, file] of Object.entries(media.recordings)) {
    expect([format, await tools.probe(file)]).toEqual([format, { durationSeconds: expect.any(Number), hasVideo: false, hasAudio: true }]);
  }
});

it('reads a video as picture and sound, with its duration', async () => {
  const probe = await tools.probe(media.video);
  expect(probe).toMatchObject({ hasVideo: true, hasAudio: true });
  expect(probe!.durationSeconds).toBeCloseTo(3, 0);
});

it("finds no sound in 'ID3' followed by zeros, and no picture in an MP4 head followed by zeros", async () => {
  expect(await tools.probe(media.id3Zeros)).toEqual({ durationSeconds: null, hasVideo: false, hasAudio: false });
  expect(await tools.probe(media.mp4Zeros)).toEqual({ durationSeconds: null, hasVideo: false, hasAudio: false });
  expect(await tools.probe(media.textAsMp4)).toEqual({ durationSeconds: null, hasVideo: false, hasAudio: false });
});

it('answers nothing when ffprobe is not installed, so media works on without it', async () => {
  const without = createMediaTools({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' });
  expect(await without.hasProbe()).toBe(false);
  expect(await without.probe(media.recordings.mp3)).toBeUndefined();
  expect(await tools.hasProbe()).toBe(true);
});
