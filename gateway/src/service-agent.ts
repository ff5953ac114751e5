// The HTTP agent the gateway reaches the services with: kept-alive connections, closed after 2 s idle
// (before a stopping service would close them, kit's idleConnectionsLeftMs), and a deadline on *connecting* only,
// so a service that is down answers 503 within a second while an upload or a video stream on an
// established connection may take as long as it needs.
import { Agent, type ClientRequestArgs } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export const connectTimeoutMs = 1000;
/**
 * An idle connection is closed by the gateway after this, before a service that is stopping would
 * close it (kit's idleConnectionsLeftMs): the gateway knows when it is not sending on one, the service
 * does not. Under load a connection is never idle this long, so few are made anew.
 */
export const idleConnectionMs = 2_000;

export class ServiceAgent extends Agent {
  constructor(private readonly connectTimeout = connectTimeoutMs) {
    super({ keepAlive: true, timeout: idleConnectionMs });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const socket = super.createConnection(options, callback);
    if (socket instanceof Socket) {
      // Covers the DNS lookup and the TCP handshake; cleared once connected, so never a response timeout.
      const timer = setTimeout(() => {
        const error = Object.assign(new Error(`connecting to ${options.host}:${options.port} took over ${this.connectTimeout} ms`), {
          code: 'ETIMEDOUT',
        });
        socket.destroy(error);
      }, this.connectTimeout);
      timer.unref();
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
    }
    return socket;
  }
}
