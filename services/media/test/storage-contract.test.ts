// The storage's contract, the same cases for each implementation: the local disk and an S3-compatible
// store (s3rver started here, behind a relay that checks the signatures, @learning/testing/s3).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createS3Storage } from '../src/s3-storage.js';
import { createDiskStorage, type FileStorage } from '../src/storage.js';
import { closedPortUrl } from '@learning/testing';
import { startS3Server, type S3TestServer } from '@learning/testing/s3';

let folder: string;
let s3: S3TestServer;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'storage-contract-'));
  s3 = await startS3Server({ buckets: ['media', 'shared'] });
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const s3Options = () => ({ bucket: 'media', region: 'eu-central-1', endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });

const implementations: Array<[string, () => FileStorage]> = [
  ['the local disk', () => createDiskStorage(join(folder, 'disk'))],
  ['an S3-compatible store', () => createS3Storage(s3Options())],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let spooled = 0;
/** A finished local file, as an upload's spool file is. */
async function spoolFile(bytes: Buffer): Promise<string> {
  const path = join(folder, `spooled-${++spooled}`);
  await writeFile(path, bytes);
  return path;
}

describe.each(implementations)('%s', (_, makeStorage) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = makeStorage();
  });
  const film = randomBytes(300_000);

  it('moves a finished local file in: read whole, it is the same bytes, and the local file is gone', async () => {
    const path = await spoolFile(film);
    await storage.putFile('videos/one/video', path);
    expect((await bytesOf(await storage.read('videos/one/video'))).equals(film)).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('moves a file larger than an upload part in whole (S3: a multipart upload)', async () => {
    const large = randomBytes(17 * 1024 * 1024 + 5);
    await storage.putFile('videos/large/video', await spoolFile(large));
    expect((await bytesOf(await storage.read('videos/large/video'))).equals(large)).toBe(true);
    const tail = await bytesOf(await storage.read('videos/large/video', { start: large.length - 10, end: large.length - 1 }));
    expect(tail.equals(large.subarray(-10))).toBe(true);
    await storage.remove('videos/large/video');
  });

  it('puts bytes and text, and a second put replaces the first', async () => {
    await storage.putBytes('videos/one/poster.jpg', Buffer.from('first poster'));
    await storage.putBytes('videos/one/poster.jpg', Buffer.from('second poster'));
    expect((await bytesOf(await storage.read('videos/one/poster.jpg'))).toString()).toBe('second poster');
    await storage.putBytes('videos/one/subtitle.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\nСайн байна уу\n');
    expect((await bytesOf(await storage.read('videos/one/subtitle.vtt'))).toString()).toContain('Сайн байна уу');
  });

  it.each([
    ['the first byte', 0, 0],
    ['the last byte', 299_999, 299_999],
    ['a middle range', 1000, 65_535 + 1000],
  ])('reads %s of a file as a range', async (__, start, end) => {
    const bytes = await bytesOf(await storage.read('videos/one/video', { start, end }));
    expect(bytes.equals(film.subarray(start, end + 1))).toBe(true);
  });

  it('keeps keys of nested folders apart', async () => {
    await storage.putBytes('videos/two/hls/540p/segment-1.m4s', 'segment of 540p');
    await storage.putBytes('videos/two/hls/720p/segment-1.m4s', 'segment of 720p');
    expect((await bytesOf(await storage.read('videos/two/hls/540p/segment-1.m4s'))).toString()).toBe('segment of 540p');
    expect((await bytesOf(await storage.read('videos/two/hls/720p/segment-1.m4s'))).toString()).toBe('segment of 720p');
  });

  it('rejects the read of a key that holds nothing with ENOENT', async () => {
    await expect(storage.read('videos/none/video')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.read('videos/none/video', { start: 0, end: 9 })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes a key: a read then rejects with ENOENT; removing it again, or a key never put, is no error', async () => {
    await storage.putBytes('alouds/three/recording', 'recording');
    await storage.remove('alouds/three/recording');
    await expect(storage.read('alouds/three/recording')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.remove('alouds/three/recording')).resolves.toBeUndefined();
    await expect(storage.remove('alouds/never/recording')).resolves.toBeUndefined();
  });

  it('says it can take files', async () => {
    expect(await storage.canTakeFiles()).toBe(true);
  });

  it('lists every key it holds, and none it removed', async () => {
    await storage.putBytes('alouds/four/recording', 'recording');
    await storage.remove('alouds/four/recording');
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys.sort()).toEqual(['videos/one/poster.jpg', 'videos/one/subtitle.vtt', 'videos/one/video', 'videos/two/hls/540p/segment-1.m4s', 'videos/two/hls/720p/segment-1.m4s']);
  });

  it.each(['../outside', 'videos/../../etc/passwd', '/videos/one/video', 'videos//video', 'videos/./video', 'videos/one/', 'videos\\one', 'videos/one video', ''])(
    'refuses the key %j for every call',
    async (key) => {
      await expect(storage.putBytes(key, 'x')).rejects.toThrow('bad storage key');
      await expect(storage.putFile(key, await spoolFile(Buffer.from('x')))).rejects.toThrow('bad storage key');
      await expect(storage.read(key)).rejects.toThrow('bad storage key');
      await expect(storage.remove(key)).rejects.toThrow('bad storage key');
    },
  );
});

describe('the S3-compatible store', () => {
  it('keeps each key under its own name in the bucket, after the prefix, signed for the configured region', async () => {
    const storage = createS3Storage({ ...s3Options(), bucket: 'shared', prefix: 'media/' });
    const before = s3.requests.length;
    await storage.putBytes('documents/introduction.pdf', '%PDF-1.4');
    expect(await s3.keys('shared')).toEqual(['media/documents/introduction.pdf']);
    expect((await s3.bytesOf('shared', 'media/documents/introduction.pdf'))?.toString()).toBe('%PDF-1.4');
    expect(s3.requests.slice(before)).toEqual([expect.objectContaining({ method: 'PUT', region: 'eu-central-1', accessKeyId: 'S3RVER', url: expect.stringMatching(/^\/shared\/media\/documents\/introduction\.pdf/) })]);
  });

  it('is refused by a store that does not take its secret, and a missing bucket is no missing file', async () => {
    const wrongSecret = createS3Storage({ ...s3Options(), secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.putBytes('videos/x/video', 'x')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const noBucket = createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' });
    const missing = await noBucket.read('videos/x/video').catch((error: unknown) => error);
    expect(missing).toMatchObject({ name: 'NoSuchBucket' });
    expect(missing).not.toMatchObject({ code: 'ENOENT' });
  });
});

describe('a store that cannot take files says so', () => {
  it('the local disk: a folder that is not there (its volume gone), or cannot be, its parent being a file', async () => {
    expect(await createDiskStorage(join(folder, 'never-made')).canTakeFiles()).toBe(false);
    await writeFile(join(folder, 'a-file'), '');
    expect(await createDiskStorage(join(folder, 'a-file', 'media')).canTakeFiles()).toBe(false);
  });

  it('an S3-compatible store: a bucket that is not there, credentials it refuses, or no answer at all', async () => {
    expect(await createS3Storage({ ...s3Options(), bucket: 'no-such-bucket' }).canTakeFiles()).toBe(false);
    expect(await createS3Storage({ ...s3Options(), secretAccessKey: 'not-the-secret' }).canTakeFiles()).toBe(false);
    expect(await createS3Storage({ ...s3Options(), endpoint: await closedPortUrl() }).canTakeFiles()).toBe(false);
  });
});
