// The load benchmarks' HTTP client (bench/exam, bench/progress): kept-alive connections on node:http (lighter than fetch on two shared
// cores, where the bench takes CPU from the servers it measures), each timed call measured from its
// start to the answer's last byte, and the gateway's sealed JSON opened as the browser opens it.
import http from 'node:http';
import { openPayload, payloadEncryptionHeader } from '@learning/contracts';

export interface Answer<Body = unknown> {
  status: number;
  body: Body;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The figure this call's latency counts in (e.g. `reveal`); untimed otherwise. */
  timedAs?: string;
}

export type Call = <Body = unknown>(method: string, path: string, options?: CallOptions) => Promise<Answer<Body>>;

/** Every timed call: its latency (ms) under its figure's name, and when it ended (ms since the epoch). */
export class Timings {
  readonly latencies = new Map<string, number[]>();
  readonly endings = new Map<string, number[]>();

  record(name: string, startedAt: number, endedAt: number): void {
    push(this.latencies, name, endedAt - startedAt);
    push(this.endings, name, endedAt);
  }
}

function push(map: Map<string, number[]>, name: string, value: number): void {
  const list = map.get(name);
  if (list) list.push(value);
  else map.set(name, [value]);
}

const agent = new http.Agent({ keepAlive: true });
const callTimeoutMs = 30_000;

/** Calls at `baseUrl`; with `key`, answers the gateway sealed are opened. */
export function clientOf(baseUrl: string, timings: Timings, key?: CryptoKey): Call {
  const base = new URL(baseUrl);
  return async (method, path, { token, body, timedAs } = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = {
      ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const startedAt = performance.timeOrigin + performance.now();
    const { status, text, isSealed } = await send({ hostname: base.hostname, port: base.port, method, path, headers, agent, timeout: callTimeoutMs }, payload);
    if (timedAs) timings.record(timedAs, startedAt, performance.timeOrigin + performance.now());
    let parsed = text ? JSON.parse(text) : undefined;
    if (isSealed && key) parsed = JSON.parse(await openPayload(key, parsed.payload));
    return { status, body: parsed };
  };
}

function send(options: http.RequestOptions, payload: string | undefined): Promise<{ status: number; text: string; isSealed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), isSealed: response.headers[payloadEncryptionHeader] !== undefined }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${options.method} ${options.path} took over ${callTimeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A call that must answer `status`; anything else throws with the answer. */
export function expectStatus<Body>(answer: Answer<Body>, status: number, what: string): Body {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function signIn(call: Call, email: string, password: string): Promise<string> {
  return expectStatus(await call<{ token: string }>('POST', '/v1/auth/login', { body: { email, password } }), 200, `signing in ${email}`).token;
}

/**
 * `work(0…total-1)`, `concurrency` at a time; the answers in order. Setting up learners through the real
 * calls: registration and sign-in hash passwords (argon2, ~80 ms each), a few at once.
 */
export async function inTurns<T>(total: number, work: (index: number) => Promise<T>, concurrency = 8): Promise<T[]> {
  const answers: T[] = new Array(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++;
        answers[index] = await work(index);
      }
    }),
  );
  return answers;
}
