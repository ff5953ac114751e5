// Configuration from the environment, validated once at start with a message that names the bad variable.
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable counts as unset (docker-compose passes `${NAME:-}`, shells export `NAME=`). */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(withoutEmpty(env));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** Fields every service reads. */
export const serviceEnv = {
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The service's schema on DATABASE_URL; defaults to the service's name. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  /** PostgreSQL connections this service keeps open. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('.data'),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  TOKEN_ISSUER: z.string().default('learning-platform'),
  TOKEN_AUDIENCE: z.string().default('learning-platform'),
  /** The bearer token /metrics asks for; unset, it answers only callers on this machine. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The bearer token of the calls between services (auth's /internal/revocations); unset, they answer only callers on this machine. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /** How often a service on RabbitMQ asks auth for revocations, so they hold while the broker is away; 0 never. */
  REVOCATION_POLL_SECONDS: z.coerce.number().min(0).max(60).default(5),
};
