// What a service consumes: `subscribe(type, handler)` hands the handler the event with its data
// parsed by the contract's schema (packages/contracts events), typed by the event's type.
import { events, type EventData, type EventType } from '@learning/contracts';
import { MalformedEvent, type EventEnvelope } from './bus.js';

/** An event of `Type` whose data has passed its contract; over a union of types, narrowed by `type`. */
export type EventOf<Type extends EventType> = Type extends EventType ? EventEnvelope<EventData<Type>> & { type: Type } : never;

export interface Subscription {
  types: readonly EventType[];
  handler: (event: EventEnvelope) => Promise<void>;
}

/** Subscribes `handler` to one type or several; an event its contract refuses never reaches it. */
export function subscribe<Type extends EventType>(types: Type | readonly Type[], handler: (event: EventOf<Type>) => Promise<void>): Subscription {
  const list: readonly Type[] = typeof types === 'string' ? [types] : types;
  return { types: list, handler: (event) => handler(parseEvent(event, list)) };
}

/** The event with its data parsed by its type's schema; `MalformedEvent` when the contract refuses it. */
export function parseEvent<Type extends EventType>(event: EventEnvelope, types: readonly Type[]): EventOf<Type> {
  if (!(types as readonly string[]).includes(event.type)) throw new MalformedEvent(`No subscription takes events of type ${event.type}.`);
  const parsed = events[event.type as Type].data.safeParse(event.data);
  if (!parsed.success) throw new MalformedEvent(`Event ${event.id} (${event.type}) breaks its contract: ${parsed.error.message}`);
  return { ...event, data: parsed.data } as EventOf<Type>;
}
