// Traces through the platform: the W3C `traceparent` of the active span goes with an event into
// the outbox and the bus, and the consumer's span continues it. Only @opentelemetry/api here: in a
// process started without `--import @learning/kit/tracing-register` (the tests' in-process platform)
// every call is a no-op, and nothing is stored or sent.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';

/**
 * The deployable a span belongs to (gateway, auth, catalog, media, exam). The resource's `service.name`
 * names the process, which on `npm start` runs them all; this attribute tells them apart there.
 */
export const serviceAttribute = 'platform.service';

/** Message headers that carry a trace (`traceparent`, `tracestate`). */
export type TraceHeaders = Record<string, string>;

const tracer = trace.getTracer('@learning/kit');

/** Names the active span's deployable; its child spans inherit it (tracing-register's processor). */
export function labelActiveSpan(service: string): void {
  trace.getActiveSpan()?.setAttribute(serviceAttribute, service);
}

/** Headers a message carries to continue the active trace in its consumer (an outbox row keeps its traceparent). */
export function activeTraceHeaders(): TraceHeaders {
  const headers: TraceHeaders = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/** The trace's ids for a log line (pino's mixin), or nothing outside a trace. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Sends the spans still waiting in the exporter's batch; a stopping process awaits it before it exits. */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => { forceFlush?: () => Promise<void> } };
  await provider.getDelegate?.().forceFlush?.();
}

/** Runs `work` outside any request's trace: the outbox relay's passes serve many requests at once. */
export function outsideTraces<Result>(work: () => Result): Result {
  return context.with(ROOT_CONTEXT, work);
}

interface EventSpan {
  type: string;
  id: string;
  /** Where the span belongs: the producing service, or the consuming subscriber's service. */
  service?: string | undefined;
}

/**
 * Runs `publish` in a producer span that continues `traceparent` (the request that recorded the
 * event), so the bus sends the span's own traceparent with the message.
 */
export function inPublishSpan<Result>(event: EventSpan & { traceparent?: string | null | undefined }, publish: () => Promise<Result>): Promise<Result> {
  const parent = event.traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent }) : ROOT_CONTEXT;
  return inSpan(`publish ${event.type}`, SpanKind.PRODUCER, parent, { ...messagingAttributes(event, 'publish') }, publish);
}

/** Runs a consumer's handling of an event in a consumer span that continues the message's trace. */
export function inConsumeSpan<Result>(event: EventSpan & { subscriber: string; headers?: TraceHeaders | undefined }, handle: () => Promise<Result>): Promise<Result> {
  const parent = event.headers ? propagation.extract(ROOT_CONTEXT, event.headers) : ROOT_CONTEXT;
  return inSpan(`process ${event.type}`, SpanKind.CONSUMER, parent, { ...messagingAttributes(event, 'process'), 'messaging.consumer.group.name': event.subscriber }, handle);
}

function messagingAttributes(event: EventSpan, operation: 'publish' | 'process'): Attributes {
  return {
    'messaging.system': 'rabbitmq',
    'messaging.operation.type': operation === 'publish' ? 'send' : 'process',
    'messaging.operation.name': operation,
    'messaging.destination.name': event.type,
    'messaging.message.id': event.id,
    ...(event.service ? { [serviceAttribute]: event.service } : {}),
  };
}

async function inSpan<Result>(name: string, kind: SpanKind, parent: Context, attributes: Attributes, work: () => Promise<Result>): Promise<Result> {
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
