// The gateway's configuration from the environment, validated once at start.
import { fileURLToPath } from 'node:url';
import { serviceEnv } from '@learning/kit';
import { z } from 'zod';

/** The shell's production build in this repository. */
export const defaultStaticDir = fileURLToPath(new URL('../../shell/dist', import.meta.url));

export const gatewayEnv = z.object({
  PORT: serviceEnv.PORT.default(8080),
  HOST: z.string().default('0.0.0.0'),
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  CATALOG_URL: z.url().default('http://127.0.0.1:4002'),
  MEDIA_URL: z.url().default('http://127.0.0.1:4003'),
  EXAM_URL: z.url().default('http://127.0.0.1:4004'),
  /** Absent means JSON travels unsealed; the gateway never invents a secret. */
  PAYLOAD_SECRET: z.string().min(1).optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(30),
  STATIC_DIR: z.string().default(defaultStaticDir),
  LOG_LEVEL: serviceEnv.LOG_LEVEL,
});

/** What `startGateway` needs; the parsed environment is one, and the all-in-one launcher builds another. */
export interface GatewayConfig {
  PORT: number;
  HOST: string;
  AUTH_URL: string;
  CATALOG_URL: string;
  MEDIA_URL: string;
  EXAM_URL: string;
  PAYLOAD_SECRET?: string | undefined;
  RATE_LIMIT_WINDOW_MS: number;
  RATE_LIMIT_AUTH: number;
  /** Defaults to the shell's build in this repository. */
  STATIC_DIR?: string | undefined;
  LOG_LEVEL?: string | undefined;
}
