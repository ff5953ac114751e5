// The gateway's features, each the code that pays for a sample of its CPU profile (bench/cpu-profile.ts):
// what bench/edge-cost splits the gateway's time into.
import { isTracing, payerOf, type Frame, type Sample } from '../cpu-profile.js';

/** pino and what it writes and serialises with. */
const logging = new Set(['pino', 'sonic-boom', 'fast-redact', 'pino-std-serializers', 'quick-format-unescaped', 'safe-stable-stringify', 'atomic-sleep']);

/**
 * Each feature is the code that pays for a sample (bench/cpu-profile.ts), helpers passed over so
 * that their caller pays: the negotiation of Accept-Encoding is compression's, a route lookup is the
 * caller's (the relay's, the metrics').
 */
const features: Array<{ name: string; pays: (frame: Frame, stack: Frame[]) => boolean }> = [
  // OpenTelemetry's context manager is an AsyncLocalStorage, whose async hooks (the only ones here)
  // run at every promise and async resource made, whoever makes them.
  {
    name: 'instrumentation (OpenTelemetry)',
    pays: (frame, stack) =>
      isTracing(frame) ||
      stack.some((caller) => /^node:(internal\/)?async_hooks$/.test(caller.url) && /^(emitInit|promise\w*Hook|trackPromise$|getOrSetAsyncId$|init$|_propagate$)/.test(caller.functionName)),
  },
  { name: 'sealing (payload encryption)', pays: (frame) => frame.place === 'gateway/src/payload.ts' && frame.functionName !== 'sendSealedJson' },
  { name: 'compression', pays: (frame, stack) => frame.place === 'compression' || stack.some((caller) => caller.url === 'node:zlib') },
  { name: 'security headers', pays: (frame) => frame.place === 'helmet' || frame.place === 'gateway/src/security-headers.ts' },
  { name: 'rate limits', pays: (frame) => frame.place === 'express-rate-limit' || frame.place === 'rate-limit-redis' },
  { name: 'metrics', pays: (frame) => frame.place === 'prom-client' || frame.place === 'services/kit/src/observability/metrics.ts' || frame.place === 'gateway/src/metrics.ts' },
  {
    name: 'request ids and log',
    pays: (frame) => logging.has(frame.place) || frame.place === 'services/kit/src/http/app.ts' || frame.place === 'gateway/src/request-log.ts',
  },
  { name: 'relay (http-proxy-middleware, the answer)', pays: (frame) => frame.place === 'http-proxy-middleware' || frame.place === 'httpxy' || frame.place.startsWith('gateway/src/') },
  { name: 'Express', pays: (frame) => ['express', 'router', 'finalhandler', 'path-to-regexp'].includes(frame.place) },
  { name: 'Node (HTTP parsing, sockets, timers)', pays: (frame) => frame.place === 'node' || frame.place === '(native)' || frame.place === 'services/kit/src/http/http-server.ts' },
  { name: 'garbage collection', pays: (frame) => frame.place === '(garbage collector)' },
];
export const otherFeature = 'other';
const helpers = new Set(['parseurl', 'on-finished', 'ee-first', 'on-headers', 'debug', 'depd', 'accepts', 'negotiator', 'vary', 'compressible', 'mime-db', 'mime-types', 'type-is', 'content-type', 'statuses', 'bytes', 'safe-buffer', 'http-errors', 'micromatch', 'picomatch', 'is-glob', 'gateway/src/routing.ts']);


/** The features in the order they are printed, `other` last. */
export const featureNames = [...features.map(({ name }) => name), otherFeature];

/** µs by feature, and `busy` (all but idle). */
export function costsByFeature(samples: Sample[]): Map<string, number> {
  const costs = new Map<string, number>();
  const add = (feature: string, micros: number) => costs.set(feature, (costs.get(feature) ?? 0) + micros);
  for (const { stack, micros } of samples) {
    const payer = payerOf(stack, (frame) => helpers.has(frame.place));
    if (payer.place === '(idle)') continue;
    add(features.find(({ pays }) => pays(payer, stack))?.name ?? otherFeature, micros);
    add('busy', micros);
  }
  return costs;
}
