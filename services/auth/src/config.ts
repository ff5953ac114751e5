import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';
import { signingKeyFrom, UnusableSigningKey } from './signing-keys.js';

// Empty counts as unset (docker-compose passes `${GOOGLE_CLIENT_ID:-}`).
const optionalText = z.string().optional().transform((value) => value || undefined);

export const authEnv = z
  .object({
    ...serviceEnv,
    NODE_ENV: z.string().optional(),
    PORT: serviceEnv.PORT.default(4001),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(24 * 60 * 60),
    /** The RSA private key (PEM) that signs access tokens; npm start makes one under DATA_DIR. */
    TOKEN_SIGNING_KEY: z
      .string({ error: 'required: the RSA private key (PEM) that signs access tokens (npm start makes one under DATA_DIR)' })
      .transform((pem, context) => {
        try {
          return signingKeyFrom(pem);
        } catch (error) {
          if (!(error instanceof UnusableSigningKey)) throw error;
          context.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      }),
    /** Google sign-in is on when both the client id and secret are set; the issuer is Google's unless a test names its stand-in. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** The address learners use: every link in a mail is built from it, never from a request's Host. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'the http(s):// address learners use, e.g. https://learn.example.mn' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** Signs the password-reset and unsubscribe links; npm start makes one under DATA_DIR. */
    MAIL_LINK_SECRET: z.string({ error: 'required: it signs the password-reset and unsubscribe links (npm start makes one under DATA_DIR)' }).min(16),
    /** smtp:// or smtps://, credentials in the URL; unset, each mail is written as an .eml file under <DATA_DIR>/mail. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.mn:465' }).optional(),
    /** The sender of every mail, e.g. `Төв <no-reply@example.mn>`; by default no-reply at PUBLIC_URL's host. */
    MAIL_FROM: z.string().min(3).optional(),
    /** The first wait before a mail the SMTP server did not take is tried again; each later wait doubles, up to an hour. */
    MAIL_RETRY_SECONDS: z.coerce.number().positive().default(30),
    /** Where a mail goes for each new plan or bundle request; unset, none is sent. */
    ADMIN_NOTIFY_EMAIL: z.email().optional(),
    /**
     * The P-256 private key (base64url, as `npx web-push generate-vapid-keys` writes it) that signs Web
     * Push messages; unset, reminders go by mail only. npm start makes one under DATA_DIR.
     */
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'the VAPID private key: 32 bytes in base64url, as `npx web-push generate-vapid-keys` writes it' })
      .optional(),
    /** Who push services may write to about this sender; by default mailto:CENTRE_EMAIL, else PUBLIC_URL. */
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { error: 'a mailto: or https:// address' }).optional(),
    /** How often each instance looks for the daily reminders that have fallen due. */
    REMINDER_CHECK_SECONDS: z.coerce.number().positive().default(60),
    CENTRE_NAME: z.string().min(1).default('Сургалтын төв'),
    CENTRE_PHONE: optionalText,
    CENTRE_EMAIL: z.email().optional(),
    CENTRE_ADDRESS: optionalText,
    CENTRE_FACEBOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The centre's logo, an http(s) address the learners' browsers and mail readers can load. */
    CENTRE_LOGO_URL: z.url({ protocol: /^https?$/, error: 'an http:// or https:// address of the logo, e.g. https://example.mn/logo.png' }).optional(),
  })
  .refine((env) => env.PUBLIC_URL !== undefined || env.NODE_ENV !== 'production', {
    path: ['PUBLIC_URL'],
    message: 'required in production: the links in mails point there',
  })
  .refine((env) => env.MAIL_FROM !== undefined || env.SMTP_URL === undefined, {
    path: ['MAIL_FROM'],
    message: 'required with SMTP_URL: the sender the SMTP server sends as',
  });
export type AuthConfig = z.infer<typeof authEnv>;

/** Where the learners' links point: PUBLIC_URL, or the gateway's default address on this machine (a newcomer's start). */
export const publicUrlOf = (config: Pick<AuthConfig, 'PUBLIC_URL'>) => config.PUBLIC_URL ?? 'http://localhost:8080';
