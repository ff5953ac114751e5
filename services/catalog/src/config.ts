import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';

export const catalogEnv = z.object({
  ...serviceEnv,
  PORT: serviceEnv.PORT.default(4002),
  /** Shared with the media service, which checks the URLs (packages/contracts/src/media-urls.ts). */
  MEDIA_SIGNING_SECRET: z.string({ error: 'required: the media service checks play URLs with the same secret (npm start makes one under DATA_DIR)' }).min(16),
  /**
   * Lifetime of a play URL. Four hours: long enough for a sitting with pauses (the player keeps
   * asking for ranges of the same URL), short enough that a shared link is dead the same day.
   */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 60 * 60).default(4 * 60 * 60),
  /** '1' seeds the demo content into an empty catalog (the all-in-one start passes it). */
  SEED_DEMO: z.enum(['0', '1']).default('0'),
  /** What each refund (exam passed, read-aloud on time) pays back, in whole tögrög; kept on each refund when earned. */
  REFUND_AMOUNT_MNT: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
});
export type CatalogConfig = z.infer<typeof catalogEnv>;
