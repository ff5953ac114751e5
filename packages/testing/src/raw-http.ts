// HTTP as a client that breaks the rules writes it: bytes on a socket, for what fetch refuses to send
// (a body announced but never sent, half a header, a request line that is not HTTP).
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** Undefined when nothing came back before the server closed or `waitMs` passed. */
  status: number | undefined;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection (else `waitMs` passed with it open). */
  closed: boolean;
}

/** One connection: write bytes, read the answers one at a time (each must carry a Content-Length). */
export class RawConnection {
  private readonly socket: Socket;
  private received = Buffer.alloc(0);
  private closed = false;
  private wake: () => void = () => {};

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect(Number(port), hostname);
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** The next whole answer; or what came before the server closed, or before `waitMs` passed. */
  async answer({ waitMs = 5000, untilClosed = false } = {}): Promise<RawAnswer> {
    const deadline = setTimeout(() => this.wake(), waitMs);
    const started = performance.now();
    try {
      for (;;) {
        const whole = wholeAnswer(this.received);
        if (whole && !untilClosed) {
          this.received = this.received.subarray(whole.length);
          return { ...whole.answer, closed: this.closed };
        }
        if (this.closed || performance.now() - started >= waitMs) return { ...parseAnswer(this.received.toString('utf8')), closed: this.closed };
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      clearTimeout(deadline);
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Sends `text` on a new connection and reads one answer (or until the server closes it). */
export async function exchangeRaw(url: string, text: string | Buffer, options: { waitMs?: number; untilClosed?: boolean } = {}): Promise<RawAnswer> {
  const connection = new RawConnection(url);
  try {
    connection.write(text);
    return await connection.answer(options);
  } finally {
    connection.close();
  }
}

function parseAnswer(text: string): Omit<RawAnswer, 'closed'> {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return { status: undefined, headers: {}, body: '' };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}

function wholeAnswer(received: Buffer): { answer: Omit<RawAnswer, 'closed'>; length: number } | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const { status, headers } = parseAnswer(received.subarray(0, end + 4).toString('utf8'));
  const bodyLength = Number(headers['content-length']);
  if (status === undefined || !Number.isFinite(bodyLength) || received.length < end + 4 + bodyLength) return undefined;
  const length = end + 4 + bodyLength;
  return { answer: { status, headers, body: received.subarray(end + 4, length).toString('utf8') }, length };
}
