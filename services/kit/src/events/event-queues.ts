// The topology of packages/contracts on a service's bus: every consumer's queue, which each service
// declares before it publishes, and the check that a service consumes exactly what its queue binds.
import { eventQueues } from '@learning/contracts';

/** The subscriber a service consumes as: its name, under a test run's namespace when it has one. */
export function subscriberName(service: string, namespace: string | undefined): string {
  return namespace ? `${namespace}.${service}` : service;
}

/** Every consumer's queue and the types bound to it, as `Bus.declareQueues` takes them. */
export function eventQueuesOf(namespace: string | undefined): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(eventQueues).map(([consumer, types]) => [subscriberName(consumer, namespace), types]));
}

/**
 * Refuses a service whose subscriptions differ from its queue in the topology: a bound type no handler
 * takes would be acknowledged unhandled, and a type not declared up front would be lost on a fresh broker.
 */
export function checkConsumedTypes(service: string, types: readonly string[]): void {
  // A service the platform does not know (a test's probe) declares its queue by subscribing.
  if (!Object.hasOwn(eventQueues, service)) return;
  const bound: readonly string[] = eventQueues[service as keyof typeof eventQueues];
  const unbound = types.filter((type) => !bound.includes(type));
  const unhandled = bound.filter((type) => !types.includes(type));
  if (unbound.length === 0 && unhandled.length === 0) return;
  throw new Error(
    `The ${service} service's subscriptions differ from its queue in eventQueues (packages/contracts/src/topology.ts): ` +
      `consumed but not bound [${unbound.join(', ')}], bound but not consumed [${unhandled.join(', ')}]. Change both together.`,
  );
}
