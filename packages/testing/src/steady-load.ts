// Calls at a steady rate, as many learners at once make them, each answer checked: the load a
// release runs under (scripts/test/two-instances.test.ts, bench/release). Connections are kept
// alive as a browser keeps them. A call whose kept-alive connection the server had closed before any
// byte of an answer came (nginx closing its idle connections at a reload) is sent once more on a new
// connection, as browsers do and as Node's documentation advises (`request.reusedSocket`): the
// server never read it. Such calls are counted apart; every other error is a failure.
import { Agent, request } from 'node:http';

export interface LoadCall {
  /** What the call is, in the figures: `the plan list`, `sign-in`. */
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** The JSON body, made afresh for each call. */
  body?: () => unknown;
  /** Whether the answer's status is the one expected. */
  isExpected: (status: number) => boolean;
}

export interface LoadAnswer {
  name: string;
  /** When the call was made and how long its answer took, in ms. */
  at: number;
  ms: number;
  /** The status, or the error's code when no answer came. */
  outcome: number | string;
  isExpected: boolean;
  /** Sent again on a new connection after its kept-alive one had been closed. */
  wasResent: boolean;
}

export interface SteadyLoad {
  /** Every answer so far. */
  readonly answers: readonly LoadAnswer[];
  /** Stops making calls and resolves once every call made has been answered. */
  stop(): Promise<readonly LoadAnswer[]>;
}

/** Starts making `calls` in turn at `perSecond`, whatever the answers take. */
export function startSteadyLoad(baseUrl: string, calls: readonly LoadCall[], { perSecond }: { perSecond: number }): SteadyLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const answers: LoadAnswer[] = [];
  const underWay = new Set<Promise<void>>();
  let turn = 0;
  const timer = setInterval(() => {
    const call = calls[turn++ % calls.length]!;
    const made = make(call).then((answer) => void answers.push(answer));
    underWay.add(made);
    void made.finally(() => underWay.delete(made));
  }, 1000 / perSecond);

  async function make(call: LoadCall): Promise<LoadAnswer> {
    const at = Date.now();
    const body = call.body ? JSON.stringify(call.body()) : undefined;
    let wasResent = false;
    for (;;) {
      const sent = await send(call, body, wasResent);
      if (sent.kind === 'closed before answering' && !wasResent) {
        wasResent = true;
        continue;
      }
      const outcome = sent.kind === 'answered' ? sent.status : sent.code;
      return { name: call.name, at, ms: Date.now() - at, outcome, isExpected: sent.kind === 'answered' && call.isExpected(sent.status), wasResent };
    }
  }

  type Sent = { kind: 'answered'; status: number } | { kind: 'closed before answering' | 'failed'; code: string };

  /** Sends the call on a kept-alive connection, or on a connection of its own (`onNewConnection`). */
  function send(call: LoadCall, body: string | undefined, onNewConnection: boolean): Promise<Sent> {
    return new Promise((resolve) => {
      const req = request(new URL(call.path, baseUrl), {
        method: call.method,
        agent: onNewConnection ? false : agent,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
      });
      req.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve({ kind: 'answered', status: response.statusCode! }));
        response.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: error.code ?? error.message }));
      });
      req.once('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        resolve({ kind: req.reusedSocket && code === 'ECONNRESET' ? 'closed before answering' : 'failed', code });
      });
      req.end(body);
    });
  }

  return {
    answers,
    async stop() {
      clearInterval(timer);
      await Promise.all(underWay);
      agent.destroy();
      return answers;
    },
  };
}
