// A remote front-end on its own server, which a test stops and starts, and a small edge in front of
// the site that serves that remote under one path of the site's origin and everything else from the
// gateway. Same origin on purpose: the remote comes back on a fresh port, while the gateway's
// Content-Security-Policy allows the remote origins configured when it started (REMOTE_*_URL), so a
// remote on an origin of its own would fail for that reason, not because it is down.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface RemoteServer {
  /** The loopback port while it runs; undefined while it is stopped. */
  readonly port: number | undefined;
  /** Starts on a fresh ephemeral port (the edge follows); does nothing if it runs. */
  start(): Promise<void>;
  /** Stops, cutting open connections; does nothing if it is stopped. */
  stop(): Promise<void>;
}

/** Serves a remote's build folder (e.g. mfe-home/dist) as its own deployment would. */
export function remoteServer(dist: string): RemoteServer {
  const app = express();
  app.use(express.static(dist));
  let server: Server | undefined;
  return {
    get port() {
      return server ? (server.address() as AddressInfo).port : undefined;
    },
    async start() {
      if (server) return;
      server = await listen(createServer(app));
    },
    async stop() {
      if (!server) return;
      const stopping = server;
      server = undefined;
      await close(stopping);
    },
  };
}

export interface Edge {
  url: string;
  close(): Promise<void>;
}

/**
 * Forwards `<remotePath>/*` to the remote's server (502 while it is stopped, as a reverse proxy
 * answers for a dead upstream) and every other request to the site's gateway. The remote's server
 * is asked the path below `remotePath`, or the whole path with `keepsPath` (as an ingress routing
 * `/remotes/<name>/` to the remote's image asks it).
 */
export async function startEdge({
  gatewayUrl,
  remotePath,
  remote,
  keepsPath = false,
}: {
  gatewayUrl: string;
  remotePath: string;
  remote: Pick<RemoteServer, 'port'>;
  keepsPath?: boolean;
}): Promise<Edge> {
  const gatewayPort = Number(new URL(gatewayUrl).port);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith(`${remotePath}/`)) {
      const port = remote.port;
      if (port === undefined) return badGateway(res);
      return forward(req, res, port, keepsPath ? url : url.slice(remotePath.length));
    }
    return forward(req, res, gatewayPort, url);
  });
  await listen(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => close(server),
  };
}

function forward(req: IncomingMessage, res: ServerResponse, port: number, path: string): void {
  const upstream = request({ host: '127.0.0.1', port, path, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => badGateway(res));
  req.pipe(upstream);
}

function badGateway(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
}

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return server;
}

async function close(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}
