// The gateway's configuration from the environment, validated once at start.
import { fileURLToPath } from 'node:url';
import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';

/** The shell's production build in this repository. */
export const defaultStaticDir = fileURLToPath(new URL('../../shell/dist', import.meta.url));

/** The remote front-ends, each `mfe-<name>` in this repository. */
/** What the pages keep offline: how many days a downloaded day stays, and the budget in MB before they warn. */
export interface OfflineKeeping {
  days: number;
  budgetMb: number;
}
export const defaultOfflineKeeping: OfflineKeeping = { days: 14, budgetMb: 500 };

export const remoteNames = ['home', 'monster', 'lessons', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Each remote's build in this repository, served at /remotes/<name>/ unless its URL points elsewhere. */
export const defaultRemoteDir = (name: RemoteName) => fileURLToPath(new URL(`../../mfe-${name}/dist`, import.meta.url));
export const defaultRemoteUrl = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;

/** The services are reached inside the network, on plain HTTP; TLS ends in front of the gateway. */
const serviceUrl = (fallback: string) => z.url({ protocol: /^http$/, error: 'must be an http:// URL (the services speak plain HTTP inside the network)' }).default(fallback);

export const gatewayEnv = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: serviceEnv.PORT.default(8080),
    HOST: z.string().default('0.0.0.0'),
    AUTH_URL: serviceUrl('http://127.0.0.1:4001'),
    CATALOG_URL: serviceUrl('http://127.0.0.1:4002'),
    MEDIA_URL: serviceUrl('http://127.0.0.1:4003'),
    EXAM_URL: serviceUrl('http://127.0.0.1:4004'),
    /** Absent means JSON travels unsealed; the gateway never invents a secret. */
    PAYLOAD_SECRET: z.string().min(1).optional(),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_QPAY_CALLBACK: z.coerce.number().int().positive().default(120),
    TRUST_PROXY: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    METRICS_TOKEN: serviceEnv.METRICS_TOKEN,
    INTERNAL_TOKEN: serviceEnv.INTERNAL_TOKEN,
    STATIC_DIR: z.string().default(defaultStaticDir),
    REMOTES_DIR: z.string().optional(),
    REMOTE_HOME_URL: z.string().default(defaultRemoteUrl('home')),
    REMOTE_MONSTER_URL: z.string().default(defaultRemoteUrl('monster')),
    REMOTE_LESSONS_URL: z.string().default(defaultRemoteUrl('lessons')),
    REMOTE_ADMIN_URL: z.string().default(defaultRemoteUrl('admin')),
    /** The centre's logo, as auth's setting: pages may load it from its origin. */
    CENTRE_LOGO_URL: z.url({ protocol: /^https?$/ }).optional(),
    OFFLINE_DAYS: z.coerce.number().int().min(1).max(365).default(defaultOfflineKeeping.days),
    OFFLINE_BUDGET_MB: z.coerce.number().int().min(10).max(100_000).default(defaultOfflineKeeping.budgetMb),
    LOG_LEVEL: serviceEnv.LOG_LEVEL,
  })
  .refine((env) => env.PAYLOAD_SECRET !== undefined || env.NODE_ENV !== 'production', {
    path: ['PAYLOAD_SECRET'],
    message: 'required in production (the exam service opens the sealed exam answers with the same secret)',
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
  RATE_LIMIT_QPAY_CALLBACK: number;
  /** Where every gateway counts the rate limits together; unset, each counts in its own memory. */
  REDIS_URL?: string | undefined;
  /**
   * The proxies in front of the gateway (nginx), as Express's `trust proxy` takes them: `loopback`,
   * `uniquelocal`, addresses or CIDRs, comma-separated. Their X-Forwarded-For names the client the
   * sign-in rate limits count; unset, the gateway is the edge and the header is not believed.
   */
  TRUST_PROXY?: string | undefined;
  /** The bearer token /metrics asks for; unset, it answers only callers on this machine (never one relayed by a proxy). */
  METRICS_TOKEN?: string | undefined;
  /** The bearer token the embedded database's dump asks for; unset, it answers only callers on this machine. */
  INTERNAL_TOKEN?: string | undefined;
  /** Defaults to the shell's build in this repository. */
  STATIC_DIR?: string | undefined;
  /** A folder with each remote's build as `<name>/`; by default the repository's `mfe-<name>/dist`. */
  REMOTES_DIR?: string | undefined;
  /** Where each remote's mf-manifest.json is; by default this gateway serves the builds. */
  REMOTE_HOME_URL?: string | undefined;
  REMOTE_MONSTER_URL?: string | undefined;
  REMOTE_LESSONS_URL?: string | undefined;
  REMOTE_ADMIN_URL?: string | undefined;
  /** The centre's logo (auth's CENTRE_LOGO_URL): the pages' image policy allows its origin. */
  CENTRE_LOGO_URL?: string | undefined;
  /** How long a day downloaded for offline listening is kept in a learner's browser, in days. */
  OFFLINE_DAYS?: number | undefined;
  /** How much a learner's browser may keep of downloaded days before it warns, in MB. */
  OFFLINE_BUDGET_MB?: number | undefined;
  LOG_LEVEL?: string | undefined;
}
