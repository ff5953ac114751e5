// The context manager the tracer runs on: OpenTelemetry's AsyncLocalStorage one, except for how an
// event emitter is bound to a context. The HTTP instrumentation binds the emitters of every call (the
// request and its response; a proxy's request to the service and its answer), so that their
// listeners run in the call's trace. OpenTelemetry's own manager patches five ways of adding a
// listener and three of removing one on each emitter, then wraps every listener added after, each
// wrapper with a WeakMap entry and a context switch at every event; Node, Express and a proxy add
// some thirty listeners to a relayed call's emitters. Here the emitter's `emit` is wrapped instead:
// one wrapper per emitter, one context switch per event, and every listener (those added before the
// binding too) runs in the bound context.
import { EventEmitter } from 'node:events';
import type { Context, ContextManager } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

const boundContext = Symbol('boundContext');

type BoundEmitter = EventEmitter & { [boundContext]?: Context };

export class EmitterContextManager extends AsyncLocalStorageContextManager {
  override bind<T>(context: Context, target: T): T {
    if (!(target instanceof EventEmitter)) return super.bind(context, target);
    const emitter: BoundEmitter = target;
    // As OpenTelemetry's own: the first binding of an emitter holds.
    if (emitter[boundContext] === undefined) emitInContext(this, context, emitter);
    return target;
  }
}

function emitInContext(manager: ContextManager, context: Context, emitter: BoundEmitter): void {
  emitter[boundContext] = context;
  const emit = emitter.emit;
  emitter.emit = function (this: EventEmitter, ...args: Parameters<EventEmitter['emit']>) {
    return manager.with(context, emit, this, ...args);
  };
}
