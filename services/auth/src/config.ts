import { serviceEnv } from '@learning/kit';
import { z } from 'zod';

export const authEnv = z.object({
  ...serviceEnv,
  PORT: serviceEnv.PORT.default(4001),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(24 * 60 * 60),
  /** Google sign-in is on when both the client id and secret are set; the issuer is Google's unless a test names its stand-in. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  // Empty counts as unset (docker-compose passes `${GOOGLE_CLIENT_ID:-}`).
  GOOGLE_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  GOOGLE_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
});
export type AuthConfig = z.infer<typeof authEnv>;
