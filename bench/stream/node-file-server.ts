// Node's own ceiling for bench/stream: one file (FILE) sent with its ranges by node:http and a file
// stream, on PORT, with the gateway's 256 KiB reads and nothing else: no framework, no instrumentation,
// no signed URL checked. No Express app, the platform's included, sends faster on the same machine.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import parseRange from 'range-parser';

const file = process.env.FILE!;
const size = statSync(file).size;

const server = http.createServer((req, res) => {
  const ranges = req.headers.range ? parseRange(size, req.headers.range) : undefined;
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0]! : undefined;
  const { start, end } = range ?? { start: 0, end: size - 1 };
  res.writeHead(range ? 206 : 200, {
    'content-type': 'video/mp4',
    'content-length': end - start + 1,
    ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  createReadStream(file, { start, end, highWaterMark: 256 * 1024 }).pipe(res);
});
// The readers keep their connections while the other paths are measured.
server.keepAliveTimeout = 120_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
