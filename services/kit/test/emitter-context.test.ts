// The tracer's context manager: an emitter bound to a context runs its listeners in it, whatever
// context the event comes from, as OpenTelemetry's HTTP instrumentation needs of a call's request
// and response; functions bind as OpenTelemetry's own manager binds them.
import { EventEmitter } from 'node:events';
import { ROOT_CONTEXT, createContextKey, type Context } from '@opentelemetry/api';
import { EmitterContextManager } from '../src/observability/emitter-context.js';

const call = createContextKey('call');
const contextOf = (name: string): Context => ROOT_CONTEXT.setValue(call, name);

const manager = new EmitterContextManager().enable();
afterAll(() => manager.disable());

const callSeen = () => manager.active().getValue(call);

test('a bound emitter runs every listener in its context, those added before the binding too', () => {
  const emitter = new EventEmitter();
  const seen: unknown[] = [];
  emitter.on('data', () => seen.push(['before', callSeen()]));
  manager.bind(contextOf('call-1'), emitter);
  emitter.on('data', () => seen.push(['after', callSeen()]));
  emitter.once('end', () => seen.push(['once', callSeen()]));

  manager.with(contextOf('another call'), () => {
    emitter.emit('data');
    emitter.emit('end');
  });
  emitter.emit('end');

  expect(seen).toEqual([
    ['before', 'call-1'],
    ['after', 'call-1'],
    ['once', 'call-1'],
  ]);
});

test('the first binding of an emitter holds, and listeners are removed as they were added', () => {
  const emitter = new EventEmitter();
  manager.bind(contextOf('call-1'), emitter);
  manager.bind(contextOf('call-2'), emitter);
  const seen: unknown[] = [];
  const listener = () => seen.push(callSeen());
  emitter.on('data', listener);
  emitter.emit('data');
  emitter.off('data', listener);
  emitter.emit('data');

  expect(seen).toEqual(['call-1']);
  expect(emitter.listenerCount('data')).toBe(0);
});

test('a bound function runs in its context and keeps its arity', () => {
  const bound = manager.bind(contextOf('call-1'), (_first: unknown, _second: unknown) => callSeen());
  expect(manager.with(contextOf('another call'), () => bound(1, 2))).toBe('call-1');
  expect(bound.length).toBe(2);
});

test('a value that is neither an emitter nor a function is left as it is', () => {
  const value = { name: 'not an emitter' };
  expect(manager.bind(contextOf('call-1'), value)).toBe(value);
});
