// /v1/auth, /v1/users and /v1/notifications payloads.
import { z } from 'zod';
import { mailTopics, passwordRule } from './account-rules.js';
import { pageQuery } from './common.js';

export { mailTopics, passwordRule, type MailTopic } from './account-rules.js';

const email = z
  .string({ error: 'Имэйл хаягаа оруулна уу.' })
  .trim()
  .min(1, 'Имэйл хаягаа оруулна уу.')
  .max(254, 'Имэйл хаяг хэтэрхий урт байна.')
  .pipe(z.email({ error: 'Имэйл хаяг буруу байна.' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'Нууц үгээ оруулна уу.' })
  .min(1, 'Нууц үгээ оруулна уу.')
  .max(200, 'Нууц үг хэтэрхий урт байна.');

export const checkEmailBody = z.object({ email });

export const loginBody = z.object({ email, password });

/** GET /v1/users: a page of users, those whose name or email contains `search` (any case) when given. */
export const usersQuery = pageQuery.extend({
  search: z.string().trim().max(100, 'Хайх үг хэтэрхий урт байна.').optional(),
});
export type UsersQuery = z.infer<typeof usersQuery>;

/** PUT /v1/users/{id}/admin: grants (true) or removes (false) the administrator role. */
export const adminRoleBody = z.object({ isAdmin: z.boolean({ error: 'Администратор эсэхийг заана уу.' }) });

/**
 * DELETE /v1/auth/me: the password, re-typed; an account made through Google without a password has
 * none to give, and its confirmation is the dialog's.
 */
export const deleteAccountBody = z.object({ password: z.string().max(200, 'Нууц үг хэтэрхий урт байна.').optional() });

const newPassword = password.min(passwordRule.minLength, `Нууц үг дор хаяж ${passwordRule.minLength} тэмдэгт байна.`);
const repeatPassword = z.string({ error: 'Нууц үгээ давтан оруулна уу.' }).min(1, 'Нууц үгээ давтан оруулна уу.');
const passwordsMatch = { message: 'Нууц үг таарахгүй байна.', path: ['repeatPassword'] };

export const registerBody = z
  .object({
    email,
    name: z
      .string({ error: 'Нэрээ оруулна уу.' })
      .trim()
      .min(1, 'Нэрээ оруулна уу.')
      .max(100, 'Нэр хэтэрхий урт байна.'),
    password: newPassword,
    repeatPassword,
  })
  .refine((body) => body.password === body.repeatPassword, passwordsMatch);

/** POST /v1/auth/password-reset: where to send the link; answered alike whether an account exists or not. */
export const passwordResetBody = z.object({ email });
export const passwordResetAccepted = z.object({ message: z.string() });
export type PasswordResetAccepted = z.infer<typeof passwordResetAccepted>;

/** The token a password-reset link carries (after `#token=`): 43 base64url characters. */
const resetToken = z
  .string({ error: 'Нууц үг сэргээх холбоос буруу байна.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Нууц үг сэргээх холбоос буруу байна.');

/** POST /v1/auth/password-reset/check: whether a link still works, before the learner types a password. */
export const passwordResetCheckBody = z.object({ token: resetToken });
export const passwordResetCheck = z.object({ email: z.string() });
export type PasswordResetCheck = z.infer<typeof passwordResetCheck>;

/** POST /v1/auth/password-reset/confirm: the new password; answers {user, token}, signed in. */
export const passwordResetConfirmBody = z
  .object({ token: resetToken, password: newPassword, repeatPassword })
  .refine((body) => body.password === body.repeatPassword, passwordsMatch);

/** PUT /v1/auth/password: a signed-in user's new password, the current one typed again; answers {user, token}. */
export const changePasswordBody = z
  .object({ currentPassword: password, password: newPassword, repeatPassword })
  .refine((body) => body.password === body.repeatPassword, passwordsMatch);


/** GET and PUT /v1/auth/mail-preferences: true while the topic's mails are sent. */
export const mailPreferences = z.object({
  requests: z.boolean({ error: 'Утга нь true эсвэл false байна.' }),
  exam: z.boolean({ error: 'Утга нь true эсвэл false байна.' }),
  refunds: z.boolean({ error: 'Утга нь true эсвэл false байна.' }),
  weeks: z.boolean({ error: 'Утга нь true эсвэл false байна.' }),
  reminders: z.boolean({ error: 'Утга нь true эсвэл false байна.' }),
});
export type MailPreferences = z.infer<typeof mailPreferences>;
/** PUT /v1/auth/mail-preferences: the topics to change; those left out stay as they are. */
export const mailPreferencesBody = mailPreferences.partial();

/**
 * GET and PUT /v1/auth/reminders: the time of the learner's daily reminder of the day's lesson, in
 * Ulaanbaatar's time ("HH:MM"), or null for none; and `aloudWindow`, whether the learner is reminded 3
 * hours before a read-aloud's 24-hour window closes on a plan day they have not recorded yet. Both go
 * by Web Push to each device the learner allowed, and by mail while the mail topic `reminders` is on.
 */
export const reminderSettings = z.object({
  dailyAt: z
    .string({ error: 'Сануулах цагийг ЦЦ:ММ хэлбэрээр (жишээ нь 20:30) эсвэл null гэж өгнө үү.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Сануулах цагийг ЦЦ:ММ хэлбэрээр (жишээ нь 20:30) өгнө үү.')
    .nullable(),
  aloudWindow: z.boolean({ error: 'Чанга уншлагын сануулгыг true эсвэл false гэж өгнө үү.' }),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;
/** PUT /v1/auth/reminders: `dailyAt` always; `aloudWindow` left out stays as it is. */
export const reminderSettingsBody = reminderSettings.extend({ aloudWindow: reminderSettings.shape.aloudWindow.optional() });
export type ReminderSettingsBody = z.infer<typeof reminderSettingsBody>;

const pushKeyMessage = 'Мэдэгдлийн түлхүүр (keys.p256dh, keys.auth) буруу байна.';
/** PUT and DELETE /v1/auth/push-subscriptions: a device's Web Push subscription, as the browser's PushSubscription.toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'Мэдэгдлийн хаяг (endpoint) буруу байна.' })
    .max(1000, 'Мэдэгдлийн хаяг (endpoint) хэт урт байна.'),
  keys: z.object(
    {
      p256dh: z.string({ error: pushKeyMessage }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, pushKeyMessage),
      auth: z.string({ error: pushKeyMessage }).regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, pushKeyMessage),
    },
    { error: pushKeyMessage },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
/** DELETE /v1/auth/push-subscriptions: the device's endpoint. */
export const pushUnsubscribeBody = pushSubscriptionBody.pick({ endpoint: true });
/** GET /v1/auth/push-key: the VAPID public key a browser subscribes with, or null while Web Push is off. */
export const pushKey = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKey>;

/** POST /v1/auth/unsubscribe: the token of a mail's unsubscribe link (after `#token=`); no sign-in needed. */
export const unsubscribeBody = z.object({
  token: z
    .string({ error: 'Бүртгэлээс гарах холбоос буруу байна.' })
    .max(200, 'Бүртгэлээс гарах холбоос буруу байна.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Бүртгэлээс гарах холбоос буруу байна.'),
});
export const unsubscribed = z.object({ topic: z.enum(mailTopics), email: z.string() });
export type Unsubscribed = z.infer<typeof unsubscribed>;

/** GET /v1/centre: the centre's name and contact, for /help, mails and payment instructions; null where not set. */
export const centre = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  /** The centre's logo (CENTRE_LOGO_URL), shown in the header and the mails. */
  logoUrl: z.string().nullable(),
});
export type Centre = z.infer<typeof centre>;

/** The logo an administrator uploads (PUT /v1/centre/logo): what the server takes, and the page offers. SVG is not taken: it can carry script. */
export const centreLogo = {
  path: '/v1/centre/logo',
  types: ['image/png', 'image/jpeg', 'image/webp'],
  /** A header's 40 px and a mail's 48 px need far less. */
  maxBytes: 512 * 1024,
} as const;
export type CentreLogoType = (typeof centreLogo.types)[number];

export const examResult = z.object({
  id: z.string(),
  percent: z.number(),
  correctQuestions: z.number().int(),
  totalQuestions: z.number().int(),
});

/** The user as spec section 3 describes it; grants are filled from other services' events. */
export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  googleId: z.string().nullable(),
  isAdmin: z.boolean(),
  monsterplans: z.array(z.string()),
  pendingMonsterplans: z.array(z.string()),
  lessons: z.array(z.string()),
  pendingLessons: z.array(z.string()),
  monsterplanExam: z.array(examResult),
  /** The password no longer keeps the rule (`passwordRule`): the shell asks for a new one after sign-in. */
  mustChangePassword: z.boolean(),
});
export type User = z.infer<typeof user>;

/** What check-email tells about an account before the password step: never grants. */
export const publicUser = user.pick({ _id: true, name: true, email: true });
export type PublicUser = z.infer<typeof publicUser>;

export const loginResponse = z.object({ user, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /v1/auth/google: whether the sign-in with Google button is offered. */
export const googleStatus = z.object({ isConfigured: z.boolean() });
export type GoogleStatus = z.infer<typeof googleStatus>;

/** POST /v1/auth/google/start: where the provider sends the learner back, the shell's /callback/google. */
export const googleStartBody = z.object({
  redirectUri: z
    .url({ protocol: /^https?$/, error: 'Буцах хаяг буруу байна.' })
    .refine(isGoogleCallback, { message: 'Буцах хаяг буруу байна.' }),
});
/** Whether the address is a site's own /callback/google, with nothing after it; a text that is no URL is not. */
function isGoogleCallback(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.pathname === '/callback/google' && !url.search && !url.hash;
}
export const googleStart = z.object({ authorizationUrl: z.string(), state: z.string() });
export type GoogleStart = z.infer<typeof googleStart>;

/** POST /v1/auth/login-google: the spec's {code}, with the state (and the issuer, RFC 9207) the provider sent with it. */
export const loginGoogleBody = z.object({
  code: z.string({ error: 'Google-ээс ирсэн код алга.' }).min(1, 'Google-ээс ирсэн код алга.').max(2048),
  state: z.string({ error: 'Google-ээр нэвтрэх оролдлого хүчингүй байна.' }).min(1, 'Google-ээр нэвтрэх оролдлого хүчингүй байна.').max(512),
  iss: z.string().max(2048).optional(),
});

/** What a notification is about; the message is the server's Mongolian text. */
export type NotificationType = 'request-approved' | 'request-cancelled' | 'access-revoked' | 'exam-result' | 'refund-earned' | 'refund-paid' | 'week-released';

/** One of the learner's notifications (GET /v1/notifications); `link` is a path of the site, or null. */
export interface Notification {
  _id: string;
  type: NotificationType;
  message: string;
  link: string | null;
  createdAt: string;
  isRead: boolean;
}

/** GET /v1/notifications: a page, newest first, with the count of all the learner's unread ones. */
export interface NotificationPage {
  result: Notification[];
  total: number;
  unread: number;
}

/** GET /v1/notifications/unread-count; PUT /v1/notifications/read answers {count: 0}. */
export interface UnreadCount {
  count: number;
}
