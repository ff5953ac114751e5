// A service consumes exactly what its queue in the topology binds, or it does not start.
import { eventQueues } from '@learning/contracts';
import { checkConsumedTypes, eventQueuesOf } from '../src/events/event-queues.js';

describe('checkConsumedTypes', () => {
  it('accepts a service that consumes exactly its queue’s types, in any order', () => {
    expect(() => checkConsumedTypes('media', [...eventQueues.media].reverse())).not.toThrow();
  });

  it('refuses a service that consumes a type its queue does not bind, or leaves a bound type unhandled, naming both', () => {
    const [first, ...rest] = eventQueues.media;
    expect(() => checkConsumedTypes('media', [...rest, 'video.published'])).toThrow(
      `consumed but not bound [video.published], bound but not consumed [${first}]`,
    );
  });

  it('leaves a service the topology does not know (a test’s probe) to declare its queue by subscribing', () => {
    expect(() => checkConsumedTypes('probe', ['session.revoked'])).not.toThrow();
  });
});

it('a test run’s namespace prefixes every queue it declares', () => {
  expect(eventQueuesOf('t1')).toEqual(Object.fromEntries(Object.entries(eventQueues).map(([consumer, types]) => [`t1.${consumer}`, types])));
});
