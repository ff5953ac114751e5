// Events between services: the bus (RabbitMQ or in-process), recording an event with its change (the
// outbox), consuming typed events once (subscriptions, the inbox), and read models kept alike.
export type { Bus, EventEnvelope } from './bus.js';
export { createInProcessBus } from './in-process-bus.js';
export { applyOnce } from './inbox.js';
export { recordEvent } from './outbox.js';
export { connectRabbitBus } from './rabbit-bus.js';
export { claimNewerVersion, forgetLearnerEmail, keepLearnerEmail } from './read-models.js';
export { subscribe, type EventOf, type Subscription } from './subscriptions.js';
