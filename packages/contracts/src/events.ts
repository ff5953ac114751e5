// Integration events: the envelope every service publishes, and each event type's data.
import { z } from 'zod';

export const eventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<Data = unknown> = Omit<z.infer<typeof eventEnvelope>, 'data'> & { data: Data };

/** Each event type, its current version and the schema of its data. */
export const events = {
  'user.registered': {
    version: 1,
    data: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
  },
  'session.revoked': {
    version: 1,
    data: z.object({ tokenId: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
  },
} as const;

export type EventType = keyof typeof events;
export type EventData<T extends EventType> = z.infer<(typeof events)[T]['data']>;
