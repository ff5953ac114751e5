import { serviceEnv } from '@learning/kit';
import { z } from 'zod';

export const authEnv = z.object({
  ...serviceEnv,
  PORT: serviceEnv.PORT.default(4001),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(24 * 60 * 60),
});
export type AuthConfig = z.infer<typeof authEnv>;
