// What a process tells its operators: logs, Prometheus metrics and traces (the tracer itself is
// started by `@learning/kit/tracing-register`, loaded before the app).
export { createLogger, type Logger } from './logger.js';
export { createMetrics, metricsRegistry, sharedMetric, unmatchedRoute } from './metrics.js';
export { flushTraces, outsideTraces } from './tracing.js';
