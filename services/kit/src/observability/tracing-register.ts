// Starts OpenTelemetry before the app's own modules load:
//   node --import tsx --import @learning/kit/tracing-register <entry>
// Under ESM the http, express and pg instrumentations see a module only through
// import-in-the-middle's loader hook, registered here before anything imports express or pg.
// Spans are exported (OTLP over HTTP, JSON) only when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it
// no span is recorded, yet every request still gets a trace id that goes on in `traceparent`
// headers and into the log lines.
import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor, NodeTracerProvider, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { EmitterContextManager } from './emitter-context.js';
import { serviceAttribute } from './tracing.js';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const isExporting = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);

/** A span without the deployable's name takes its parent's (an outgoing call, a query, a handler's spans). */
const inheritService: SpanProcessor = {
  onStart(span, parentContext) {
    if (span.attributes[serviceAttribute] !== undefined) return;
    const parent = trace.getSpan(parentContext) as Partial<ReadableSpan> | undefined;
    const service = parent?.attributes?.[serviceAttribute];
    if (service !== undefined) span.setAttribute(serviceAttribute, service);
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'learning-platform' }),
  // Exporting, the SDK's sampler (OTEL_TRACES_SAMPLER, by default every trace, a caller's unsampled
  // traceparent honoured); without an exporter no span is recorded, only the ids are made and passed on.
  ...(isExporting ? {} : { sampler: new AlwaysOffSampler() }),
  spanProcessors: isExporting ? [inheritService, new BatchSpanProcessor(new OTLPTraceExporter())] : [],
});
// The W3C trace-context propagator, and the AsyncLocalStorage context manager with emitters bound by their emit.
provider.register({ contextManager: new EmitterContextManager() });

registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [
    // The server's and the outgoing calls' spans: the trace ids in the logs and in traceparent.
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => untracedPaths.has((request.url ?? '/').split('?')[0]!),
    }),
    // Spans no one reads unless they are exported: each costs CPU on every request (measured
    // through the gateway; docs/benchmarks.md).
    ...(isExporting
      ? [
          // Route handlers only: a span per middleware (helmet, compression, …) or per router passed is noise.
          new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
          // Queries of a request or an event's handling; the outbox relay's polls belong to no trace.
          new PgInstrumentation({ requireParentSpan: true }),
        ]
      : []),
  ],
});

