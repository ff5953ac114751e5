// The HTTP server the gateway and every service listen with. A client has a fixed time to send its
// headers and its body; an upload's body may take longer, as long as its bytes keep coming. What
// Node's parser refuses on its own (bad syntax, headers or URL too long, headers too slow) is answered
// `{message, code}` in Mongolian like every other error, not with Node's bare status line.
import { STATUS_CODES, createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpError, payloadTooLarge } from './errors.js';

/** How long a client may take over its headers, over a body, and how long an upload's body may pause. */
export const clientTimeoutMs = 30_000;

/**
 * How long an idle kept-alive connection stays open. Longer than the callers in front keep one idle
 * (the gateway's agent and nginx's upstream keepalive_timeout, 2 s): a server that closed first
 * (Node's default is 5 s) would race a caller reusing the connection, whose request then fails with
 * ECONNRESET — a 503 now and then under load (bench/exam saw one in 22,000 answers).
 */
export const keepAliveTimeoutMs = 65_000;

export interface ListenOptions {
  port: number;
  host: string;
  /** `clientTimeoutMs` unless a test wants a stalled client cut sooner. */
  clientTimeoutMs?: number;
}

export function listen(listener: RequestListener, { port, host, clientTimeoutMs: timeoutMs = clientTimeoutMs }: ListenOptions): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: timeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      // Node's deadline for a whole request cannot tell an upload that is moving from one that is not;
      // `watchBody` below keeps the time instead.
      requestTimeout: 0,
      // Node looks for late headers every 30 s by default, which would let them take up to twice as long.
      connectionsCheckingInterval: Math.min(1000, timeoutMs / 4),
      // Node would refuse an HTTP/1.1 request without Host with an empty 400; it is refused below, as JSON.
      requireHostHeader: false,
    },
    (req, res) => {
      if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined) {
        res.setHeader('connection', 'close');
        sendError(res, new HttpError(400, 'host_required', 'Хүсэлтэд Host толгой мэдээлэл алга.'));
        return;
      }
      if (announcesBody(req)) watchBody(req, res, timeoutMs);
      listener(req, res);
    },
  );
  server.on('clientError', answerClientError);
  // An Expect other than 100-continue (which Node answers itself): 417 as JSON, where Node's is empty.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('connection', 'close');
    sendError(res, new HttpError(417, 'expectation_failed', 'Хүсэлтийн Expect толгой мэдээлэл дэмжигдэхгүй.'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** The Content-Length a request announces, or undefined when it announces none (chunked, or no body). */
export function announcedLength(req: IncomingMessage): number | undefined {
  const length = req.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

/** Whether a request announces a body (a length over zero, or chunks). */
export function announcesBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (announcedLength(req) ?? 0) > 0;
}

const tooSlow = () => new HttpError(408, 'request_timeout', 'Хүсэлт хэт удаан ирлээ. Дахин оролдоно уу.');

/**
 * Cuts off a body that has not arrived within `timeoutMs`; an upload (multipart) is cut only once no
 * byte has come for that long. Bytes are counted on the socket, so watching never reads the body.
 * A body answered before it was all sent (an early 413) is read and thrown away, so the connection
 * stays usable for the client's next request; if the rest has not come when the time is up, the
 * connection goes.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  const isUpload = /^multipart\//i.test(req.headers['content-type'] ?? '');
  let bytesSeen = req.socket.bytesRead;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (res.writableEnded) {
      req.socket.destroy();
    } else if (isUpload && req.socket.bytesRead > bytesSeen) {
      bytesSeen = req.socket.bytesRead;
      timer.refresh();
    } else if (!res.headersSent) {
      res.setHeader('connection', 'close');
      sendError(res, tooSlow());
    } else {
      // Answering already (a stream) while the body still has not come: nothing left to say.
      res.destroy();
    }
  }, timeoutMs);
  // Left to fire once and find the body complete: cheaper than a listener per request on a kept-alive socket.
  timer.unref();
}

function sendError(res: ServerResponse, error: HttpError): void {
  const text = JSON.stringify({ message: error.message, code: error.code });
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}

const clientErrors: Record<string, () => HttpError> = {
  // The request line counts as a header here: a URL over Node's 16 KB ends up here too.
  HPE_HEADER_OVERFLOW: () => new HttpError(431, 'headers_too_large', 'Хүсэлтийн хаяг эсвэл толгой мэдээлэл хэтэрхий урт байна.'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: () => payloadTooLarge(),
  ERR_HTTP_REQUEST_TIMEOUT: tooSlow,
};

/** Written straight to the socket, as Node would, but as JSON; there is no request to seal it for. */
function answerClientError(error: Error & { code?: string }, socket: Duplex & { _httpMessage?: ServerResponse | null }): void {
  // An answer already under way on this socket must not be corrupted by a second one.
  if (!socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = clientErrors[error.code ?? '']?.() ?? new HttpError(400, 'malformed_request', 'Хүсэлт буруу байна.');
  const text = JSON.stringify({ message: refusal.message, code: refusal.code });
  const head = `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close`;
  socket.end(`${head}\r\n\r\n${text}`, () => socket.destroy());
}
