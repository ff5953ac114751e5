// Stopping a server without breaking what it is doing (SIGTERM from an orchestrator, Ctrl-C): it takes
// no new connections, answers each request still under way and each one still sent on a kept-alive
// connection, closing the connection after the answer, leaves idle connections to their callers for
// a moment, and cuts only what has not finished by the deadline. The gateway and every service stop this way.
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { flushTraces } from '../observability/tracing.js';

/**
 * How long requests under way may take to finish once a stop is asked for. With `cutRequestsSettleMs`
 * and the closing of the bus and databases the process is gone within Kubernetes' 30 s grace.
 */
export const stopGraceMs = 20_000;

/** How long a request whose connection was cut at the deadline may take to unwind (remove its spool file, roll back). */
export const cutRequestsSettleMs = 3_000;

/**
 * How long a stopping server leaves a kept-alive connection that is idle to its caller before it
 * closes it. The callers keep an idle connection for less (the gateway's agent, nginx's upstream
 * keepalive_timeout), so they close their own: a connection this server closed could cross a request
 * the caller was sending on it, which would then fail.
 */
export const idleConnectionsLeftMs = 3_000;

/** Often enough to notice a finished request at once, rarely enough to cost nothing. */
const pollMs = 50;

export function stopDeadline(graceMs = stopGraceMs): number {
  return Date.now() + graceMs;
}

export interface StoppableServer {
  /** True from the moment a stop is asked for: `/readyz` answers 503, so a load balancer stops sending. */
  isStopping(): boolean;
  /**
   * Resolves once every connection is closed and every request has ended; without a deadline the
   * requests under way are cut at once (tests). Calling it again waits for the same stop.
   */
  stop(deadline?: number): Promise<void>;
}

/** Node's socket keeps the answer it is writing; there is no public way to reach it. */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

export function stoppable(server: Server, logger?: Logger): StoppableServer {
  const sockets = new Set<HttpSocket>();
  server.on('connection', (socket: HttpSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Every request that began, or begins, after the stop was asked for; ended or not.
  const requests = new Set<ServerResponse>();
  let stopping: Promise<void> | undefined;

  const closeAfterAnswer = (res: ServerResponse) => {
    requests.add(res);
    // Too late for a header once the answer has begun; its connection goes when idle instead.
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  const unfinished = () => [...requests].filter((res) => !res.writableEnded);

  async function stop(deadline: number): Promise<void> {
    // net.Server's own close takes no new connections and no more: http.Server's would also close
    // the connections idle at this moment, which are left to their callers (idleConnectionsLeftMs).
    // It resolves once every connection has ended.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    // Ahead of the application's own listener, so even an answer sent at once carries it.
    server.prependListener('request', (_req, res: ServerResponse) => closeAfterAnswer(res));
    for (const socket of sockets) if (socket._httpMessage) closeAfterAnswer(socket._httpMessage);
    let isClosed = false;
    void closed.then(() => (isClosed = true));

    const idleClosedFrom = Date.now() + idleConnectionsLeftMs;
    while (!isClosed && Date.now() < deadline) {
      // A connection whose answer went out with keep-alive closes once idle, its caller given time to close it first.
      if (Date.now() >= idleClosedFrom) server.closeIdleConnections();
      await sleep(pollMs);
    }
    const cut = unfinished().length;
    if (!isClosed) server.closeAllConnections();
    if (cut > 0) logger?.warn({ requests: cut }, 'stopping: requests still under way at the deadline were cut off');
    // A cut request's handler still runs (its spool file removed, its transaction rolled back): the
    // database it needs closes only after it.
    const settled = Date.now() + cutRequestsSettleMs;
    while (unfinished().length > 0 && Date.now() < settled) await sleep(pollMs);
    await closed;
  }

  return {
    isStopping: () => stopping !== undefined,
    stop(deadline = Date.now()) {
      stopping ??= stop(deadline);
      return stopping;
    },
  };
}

/**
 * Stops gracefully on SIGTERM or SIGINT and exits 0 once stopped (1 when stopping failed). Ctrl-C
 * again exits at once; a SIGTERM while stopping (a launcher passing on the stop) changes nothing.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stoppingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // npm and tsx pass a Ctrl-C on as well as the terminal: only a later one is the user's again.
      if (signal !== 'SIGINT' || Date.now() - stoppingSince < 1000) return;
      logger.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, 'stopping: finishing the requests under way');
    stop().then(
      async () => {
        logger.info('stopped');
        await sendWaitingSpans();
        process.exit(0);
      },
      async (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        await sendWaitingSpans();
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
}

/** The exporter's last spans, given a second or two: a collector that does not answer does not hold up the exit. */
async function sendWaitingSpans() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)));
  await Promise.race([flushTraces().catch(() => undefined), late]);
  clearTimeout(timer);
}
