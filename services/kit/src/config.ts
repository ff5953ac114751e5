// Configuration from the environment, validated once at start with a message that names the bad variable.
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Fields every service reads. */
export const serviceEnv = {
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The service's schema on DATABASE_URL; defaults to the service's name. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  DATA_DIR: z.string().default('.data'),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_URL: z.url().default('http://127.0.0.1:4001'),
  TOKEN_ISSUER: z.string().default('learning-platform'),
  TOKEN_AUDIENCE: z.string().default('learning-platform'),
};
