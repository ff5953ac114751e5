// Media's files in an S3-compatible store (MinIO, AWS S3, Cloudflare R2), so several media instances
// share them (docs/DESIGN.md, "Grown past one machine"). The same keys as on disk, under an optional
// prefix; the same contract as the disk storage (test/storage-contract.test.ts runs both).
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedKey, type FileStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO's or R2's URL; AWS S3's own when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: MinIO and most servers of its kind want it. */
  forcePathStyle: boolean;
  /** Put before every key (e.g. `media/`), so one bucket can hold more than media's files. */
  prefix?: string;
}

/**
 * Parts of a large upload: 8 MiB, two in flight, so a 2 GB video goes up in 256 parts holding at most
 * 16 MiB in memory; files smaller than a part go up in one PutObject.
 */
const uploadPartBytes = 8 * 1024 * 1024;
const uploadPartsInFlight = 2;

/**
 * Each streaming learner holds a connection to the store while media relays the range: the SDK's 50
 * would queue the 51st viewer behind the others.
 */
const storeConnections = 256;

/** A store that has not answered by then cannot take files: a scrape of /metrics never hangs on it. */
const answerWithinMs = 3000;

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not spoken by every S3-compatible
    // server; checksums only where S3 requires them, as before that default came.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: storeConnections }, httpsAgent: { keepAlive: true, maxSockets: storeConnections } },
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.prefix ?? ''}${checkedKey(key)}`;

  return {
    async putFile(key, localPath) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: createReadStream(localPath) },
        partSize: uploadPartBytes,
        queueSize: uploadPartsInFlight,
      });
      await upload.done();
      // Moved, as on disk: the spool file is the store's now.
      await rm(localPath, { force: true });
    },
    async putBytes(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes }));
    },
    async read(key, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return answer.Body as Readable;
      } catch (error) {
        throw isMissing(error) ? missingKey(key, error) : error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that holds nothing, so removing what is not there is no error here either.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async canTakeFiles() {
      // HeadBucket (s3:ListBucket): the bucket exists and these credentials may use it; a missing one is 404, a refused one 403.
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(answerWithinMs) });
        return true;
      } catch {
        return false;
      }
    },
    async *keys() {
      const prefix = options.prefix ?? '';
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const { Key } of page.Contents ?? []) if (Key) yield Key.slice(prefix.length);
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  // A missing bucket is a misconfiguration, not a missing file: it stays an error (500, logged).
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'));
}

/** A missing key as the disk reports it (ENOENT), so callers answer 404 whichever store it is. */
function missingKey(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored file under ${key}`, { cause }), { code: 'ENOENT' });
}
