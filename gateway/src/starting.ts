// What the gateway's port answers while `npm start` builds the front-ends and starts the services:
// 503 with Retry-After, a Mongolian page that reloads itself for a browser and `{message, code}` for
// a call, so a newcomer who opens the site at once sees it coming instead of a refused connection.
// /healthz answers, as the process lives; /readyz, like everything else, says not yet.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '@learning/kit/http';

export const retryAfterSeconds = 3;

const startingPage = `<!doctype html>
<html lang="mn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}">
<title>Платформ эхэлж байна…</title>
</head>
<body>
<h1>Платформ эхэлж байна…</h1>
<p>Анх удаа асахдаа вэб хуудсуудаа бүтээдэг тул нэг минут орчим болно. Энэ хуудас бэлэн болмогц өөрөө шинэчлэгдэнэ.</p>
<hr>
<p lang="en">The platform is starting. The first start builds the web pages, which takes about a minute; this page reloads itself until then.</p>
</body>
</html>
`;

const startingAnswer = JSON.stringify({ message: 'Платформ эхэлж байна. Хэдэн секундын дараа дахин оролдоно уу.', code: 'starting' });

export const answerStarting: RequestListener = (req, res) => {
  // The browser's next request goes to the gateway proper, not to a kept-alive socket of this one.
  res.setHeader('Connection', 'close');
  res.setHeader('Cache-Control', 'no-store');
  if (new URL(req.url ?? '/', 'http://gateway').pathname === '/healthz') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok' }));
  res.setHeader('Retry-After', String(retryAfterSeconds));
  if (wantsPage(req)) send(res, 503, 'text/html; charset=utf-8', startingPage);
  else send(res, 503, 'application/json; charset=utf-8', startingAnswer);
};

function wantsPage(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

export interface StartingPage {
  port: number;
  /** Frees the port for the gateway. */
  close(): Promise<void>;
}

/** Answers the starting page on the gateway's port until closed. */
export async function answerStartingOn({ port, host }: { port: number; host: string }): Promise<StartingPage> {
  const server = await listen(answerStarting, { port, host });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
