// A process's logs: pino, one logger per service, written for a person on a terminal and as JSON
// lines anywhere else, each line logged inside a trace carrying its ids.
import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { traceFields } from './tracing.js';

export type { Logger };

/**
 * Whether the output is a terminal: a person is reading. Lines are then written for a person
 * (pino-pretty: the time, the level, the name and the message), and the request lines are left for
 * when asked (see tagAndLogRequests); anywhere else (a log collector, a file, CI) each line is JSON.
 */
export const isTerminal = Boolean(process.stdout.isTTY);

/** One formatter for every logger of the process, written synchronously, so lines keep their order. */
let prettyStream: DestinationStream | undefined;
const forTerminal = () => (prettyStream ??= PinoPretty({ sync: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }));

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  // Every line written inside a trace carries its trace_id and span_id.
  const options = { name, level, mixin: traceFields, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  return isTerminal ? pino(options, forTerminal()) : pino(options);
}
