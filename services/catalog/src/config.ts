import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';
import type { QpaySettings } from './payments/qpay-client.js';

// Empty counts as unset (docker-compose passes `${QPAY_CLIENT_ID:-}`).
const optionalText = z.string().optional().transform((value) => value?.trim() || undefined);

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
  /**
   * Seals learners' bank accounts at rest (AES-256-GCM under its SHA-256). No default: anyone could
   * read a default. Changing it makes the accounts already given unreadable, so learners give them again.
   */
  BANK_ACCOUNT_KEY: z.string({ error: 'required: the learners\' bank accounts are sealed with it (npm start makes one under DATA_DIR)' }).min(16),
  /** '1' seeds the demo content into an empty catalog (the all-in-one start passes it). */
  SEED_DEMO: z.enum(['0', '1']).default('0'),
  /** What each refund (exam passed, read-aloud on time) pays back, in whole tögrög; kept on each refund when earned. */
  REFUND_AMOUNT_MNT: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  /** The minutes of new listening a day needs to count in the learner's streak (Asia/Ulaanbaatar days). */
  STREAK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
  /** The address learners use: QPay's callback URL is built from it, never from a request's Host. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'the http(s):// address learners use, e.g. https://learn.example.mn' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('http://localhost:8080'),
  /** QPay is offered when the three are set: the merchant's client id and secret, and its invoice code. */
  QPAY_CLIENT_ID: optionalText,
  QPAY_CLIENT_SECRET: optionalText,
  QPAY_INVOICE_CODE: optionalText,
  /** The merchant API's root, without `/v2`: QPay's sandbox unless the centre sets production's. */
  QPAY_BASE_URL: z
    .url({ protocol: /^https?$/, error: "QPay's address without /v2, e.g. https://merchant.qpay.mn" })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://merchant-sandbox.qpay.mn'),
  /** How long an invoice can be paid; the same one is shown until then. */
  QPAY_INVOICE_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(60),
  /** How often an open invoice is checked in its first 15 minutes; later, every 20 times as long. */
  QPAY_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** How long a call to QPay may take before the learner is told QPay is unavailable. */
  QPAY_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  /** '1' asks QPay for each paid invoice's e-receipt (eBarimt). */
  QPAY_EBARIMT: z.enum(['0', '1']).default('0'),
});
export type CatalogConfig = z.infer<typeof catalogEnv>;

/** QPay's settings when the centre configured its merchant account; undefined leaves payment to the instructions. */
export function qpaySettingsOf(config: CatalogConfig): QpaySettings | undefined {
  const { QPAY_CLIENT_ID: clientId, QPAY_CLIENT_SECRET: clientSecret, QPAY_INVOICE_CODE: invoiceCode } = config;
  if (!clientId || !clientSecret || !invoiceCode) return undefined;
  return { baseUrl: config.QPAY_BASE_URL, clientId, clientSecret, invoiceCode, timeoutMs: config.QPAY_TIMEOUT_SECONDS * 1000 };
}
