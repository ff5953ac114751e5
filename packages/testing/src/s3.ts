// An S3-speaking server for the tests: s3rver (npm) over a temp folder on a random loopback port,
// behind a relay of our own that checks each request's signature (AWS Signature Version 4) against
// the one key pair it knows (s3rver accepts any v4 signature) and notes what was asked, so a test
// sees the region, the credentials and the addressing style media signed with. s3rver 3.7 (2021, the
// last release) runs on Node 20; the one bug of its that these tests meet is mended in the relay.
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3Request {
  method: string;
  /** The path and query as sent: `/<bucket>/<key>?…` in path style. */
  url: string;
  host: string;
  accessKeyId: string;
  /** The region of the signature's scope. */
  region: string;
}

export interface S3TestServer {
  /** The store's URL (MEDIA_S3_ENDPOINT). */
  endpoint: string;
  /** Buckets made at start. */
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  /** What was asked so far, the refused requests included. */
  requests: S3Request[];
  /** The keys held in a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  /** An object's bytes, or undefined. */
  bytesOf(bucket: string, key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** s3rver's one account: its key id and secret. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export async function startS3Server({ buckets = ['media'] }: { buckets?: string[] } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port: s3rverPort } = (await s3rver.run()) as AddressInfo;
  const requests: S3Request[] = [];

  const relay = createServer((req, res) => {
    const checked = checkSignature(req);
    requests.push({ method: req.method!, url: req.url!, host: req.headers.host ?? '', accessKeyId: checked.accessKeyId, region: checked.region });
    if (!checked.valid) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>');
      req.resume();
      return;
    }
    const { expect: _, ...headers } = req.headers;
    const forwarded = request({ host: '127.0.0.1', port: s3rverPort, method: req.method, path: req.url, headers }, (answer) => {
      if (req.headers.range === 'bytes=0-0' && answer.statusCode === 206) {
        // s3rver reads an end of 0 as no end and answers from the first byte to the last; S3 answers one byte.
        const size = /\/(\d+)$/.exec(answer.headers['content-range'] ?? '')?.[1];
        res.writeHead(206, { ...answer.headers, 'content-range': `bytes 0-0/${size}`, 'content-length': '1' });
        answer.once('data', (chunk: Buffer) => {
          res.end(chunk.subarray(0, 1));
          answer.destroy();
        });
        return;
      }
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', (error) => res.destroy(error));
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;

  // Asked of s3rver directly, so the tests' own look does not show among media's requests.
  const direct = (path: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const asked = request({ host: '127.0.0.1', port: s3rverPort, path }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      });
      asked.on('error', reject);
      asked.end();
    });

  return {
    endpoint,
    buckets,
    accessKeyId,
    secretAccessKey,
    requests,
    async keys(bucket) {
      const keys: string[] = [];
      let after = '';
      for (;;) {
        const { body } = await direct(`/${bucket}?list-type=2&max-keys=1000${after && `&start-after=${encodeURIComponent(after)}`}`);
        const page = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!);
        keys.push(...page);
        if (page.length < 1000) return keys.sort();
        after = page.at(-1)!;
      }
    },
    async bytesOf(bucket, key) {
      const { status, body } = await direct(`/${bucket}/${key}`);
      return status === 200 ? body : undefined;
    },
    async close() {
      await new Promise<void>((resolve) => {
        relay.closeAllConnections();
        relay.close(() => resolve());
      });
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Checks a request's Signature Version 4 (the Authorization header form the SDK sends). */
function checkSignature(req: IncomingMessage): { valid: boolean; accessKeyId: string; region: string } {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!match) return { valid: false, accessKeyId: '', region: '' };
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  const [path, query = ''] = req.url!.split('?', 2) as [string, string?];
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=', 2).map((part) => strictlyEncoded(decodeURIComponent(part ?? ''))))
    .map(([name, value = '']) => `${name}=${value}`)
    .sort()
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', String(req.headers['x-amz-date']), scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const signingKey = [day, region, 's3', 'aws4_request'].reduce<Buffer | string>((key, part) => hmac(key, part), `AWS4${secretAccessKey}`);
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return { valid: keyId === accessKeyId && expected === signature, accessKeyId: keyId, region };
}

function strictlyEncoded(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
