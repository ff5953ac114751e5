import { pino, type Logger } from 'pino';
import { traceFields } from './tracing.js';

export type { Logger };

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  // Every line written inside a trace carries its trace_id and span_id.
  return pino({ name, level, mixin: traceFields, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}
