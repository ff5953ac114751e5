// The OpenAPI 3.1 document of every /v1 call (spec section 7 and the platform's own), made from the
// zod schemas of this package with zod's own JSON Schema output; the gateway serves it at
// /openapi.json and renders it at /docs. scripts/test/openapi-routes.test.ts holds it equal to the routes,
// and scripts/test/openapi-answers.test.ts holds the real answers to it.
import { z } from 'zod';
import * as auth from './auth.js';
import * as catalog from './catalog.js';
import { pageQuery } from './common.js';
import * as exam from './exam.js';
import * as media from './media.js';
import * as payments from './payments.js';
import * as answers from './openapi-answers.js';
import * as progress from './progress.js';
import * as refunds from './refunds.js';

type JsonSchema = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call: `anyone`; `anyone` with an optional token (`maybeUser`); a signed-in user (`user`);
 * the administrator (`admin`); or whoever holds a signed media URL (`signedUrl`).
 */
type Caller = 'anyone' | 'maybeUser' | 'user' | 'admin' | 'signedUrl';

interface Answer {
  status: number;
  description: string;
  /** JSON by default; a file's answer names its media types and has no schema. */
  json?: z.ZodType;
  file?: string[];
  headers?: Record<string, string>;
}

interface Operation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  caller: Caller;
  description?: string;
  /** Path parameters that are not plain strings, or deserve a word. */
  params?: Record<string, { description?: string; schema?: JsonSchema }>;
  query?: z.ZodObject;
  /** A JSON body, or a multipart form (its fields as JSON Schema), or any other media types. */
  json?: z.ZodType;
  jsonOptional?: boolean;
  multipart?: { properties: Record<string, JsonSchema>; required: string[] };
  otherBodies?: Record<string, JsonSchema>;
  answer: Answer;
  /** Other answers than the success: 304, 206 and so on. */
  alsoAnswers?: Answer[];
  /** Error statuses with the codes they carry, beyond what the caller and the input bring. */
  errors?: Record<number, string>;
}

/** The answers that are components of the document, named as the spec names the things. */
const named = z.registry<{ id: string }>();
named.add(auth.user, { id: 'User' });
named.add(auth.publicUser, { id: 'PublicUser' });
named.add(catalog.lesson, { id: 'Lesson' });
named.add(catalog.monsterplan, { id: 'Monsterplan' });
named.add(catalog.lessonRequest, { id: 'LessonRequest' });
named.add(catalog.monsterplanRequest, { id: 'MonsterplanRequest' });
named.add(answers.video, { id: 'Video' });
named.add(answers.mediaDocument, { id: 'Document' });
named.add(answers.notification, { id: 'Notification' });
named.add(answers.examQuestion, { id: 'ExamQuestion' });
named.add(answers.examResult, { id: 'ExamResult' });
named.add(answers.revealedQuestion, { id: 'RevealedQuestion' });
named.add(answers.bankQuestion, { id: 'BankQuestion' });
named.add(answers.refundItem, { id: 'Refund' });

const errorBody = z.object({
  message: z.string().describe('Mongolian, fit to show a learner'),
  code: z.string().describe('stable, for programs: `validation_failed`, `monsterplan_not_found`, …'),
});
named.add(errorBody, { id: 'Error' });

const file = (description: string): JsonSchema => ({ type: 'string', contentMediaType: 'application/octet-stream', description });
const questionFile = { type: 'string', description: 'CSV (question, niceWord, answer1…answer4, correct) or a JSON array of {question, niceWord, answers, correct}' };
const videoKinds = ['monsterplan', 'lesson'] as const;
const pageAnswer = (json: z.ZodType, what: string): Answer => ({ status: 200, description: `${what}: a page, \`{result, total}\``, json });
const countAnswer: Answer = { status: 200, description: '`{count}`, with a weak ETag', json: answers.count };
const notModified: Answer = { status: 304, description: 'The ETag given in If-None-Match still holds: no body' };
const noContent = (description: string): Answer => ({ status: 204, description });
/** What every upload's form is refused for (400), whatever the call. */
const formRefusals = '`multipart_expected`, `bad_form` (a malformed form), `file_missing`, `unexpected_file` (a file in another field, or a second one), `file_empty`';
const fileAnswers = { partial: { status: 206, description: 'The range asked for (Range: bytes=…)' }, notModified };

/** The table of every /v1 call, family by family, in the spec's order. */
export const operations: readonly Operation[] = [
  // auth
  {
    method: 'post', path: '/v1/auth/check-email', tag: 'auth', caller: 'anyone', summary: 'Whether an account has this email (the first sign-in step)',
    json: auth.checkEmailBody, answer: { status: 200, description: 'The account', json: auth.publicUser },
    errors: { 404: '`account_not_found`', 429: '`rate_limited` (the gateway, per client address)' },
  },
  {
    method: 'post', path: '/v1/auth/register', tag: 'auth', caller: 'anyone', summary: 'Register a learner',
    json: auth.registerBody, answer: { status: 201, description: 'The new user', json: auth.user },
    errors: { 409: '`email_taken`', 429: '`rate_limited`' },
  },
  {
    method: 'post', path: '/v1/auth/login', tag: 'auth', caller: 'anyone', summary: 'Sign in with email and password',
    json: auth.loginBody, answer: { status: 200, description: 'The user and a bearer token (RS256 JWT)', json: auth.loginResponse },
    errors: {
      401: '`invalid_credentials` (wrong password, unknown email or no password: the same answer, the same time)',
      429: '`rate_limited` (the gateway, per client address); `sign_in_slowed` (repeated wrong passwords for this email: wait `Retry-After` seconds)',
    },
  },
  {
    method: 'get', path: '/v1/auth/me', tag: 'auth', caller: 'user', summary: 'The signed-in user, with their grants and exam results',
    answer: { status: 200, description: 'The user', json: auth.user }, errors: { 401: '`account_missing`' },
  },
  {
    method: 'delete', path: '/v1/auth/me', tag: 'auth', caller: 'user', summary: 'Delete one\'s own account',
    description: 'The password typed again (none for a Google account without one). Catalog, media and exam then forget the learner.',
    json: auth.deleteAccountBody, jsonOptional: true, answer: noContent('Deleted; every token of the user stops working'),
    errors: { 400: '`password_required`', 403: '`password_incorrect`', 409: '`last_administrator`' },
  },
  {
    method: 'post', path: '/v1/auth/logout', tag: 'auth', caller: 'user', summary: 'Sign out: this token stops working at once, everywhere',
    answer: noContent('Revoked'),
  },
  {
    method: 'get', path: '/v1/auth/jwks', tag: 'auth', caller: 'anyone', summary: 'The public keys the tokens are verified with',
    answer: { status: 200, description: 'A JWK set', json: answers.jwks },
  },
  {
    method: 'get', path: '/v1/auth/google', tag: 'auth', caller: 'anyone', summary: 'Whether sign-in with Google is offered',
    answer: { status: 200, description: '`{isConfigured}`', json: auth.googleStatus },
  },
  {
    method: 'post', path: '/v1/auth/google/start', tag: 'auth', caller: 'anyone', summary: 'Start sign-in with Google (authorization code with PKCE)',
    json: auth.googleStartBody, answer: { status: 200, description: 'Where to send the browser, and the state to match on return', json: auth.googleStart },
    errors: { 404: '`google_not_configured`', 429: '`rate_limited`', 502: '`google_unreachable`' },
  },
  {
    method: 'post', path: '/v1/auth/login-google', tag: 'auth', caller: 'anyone', summary: 'Finish sign-in with Google: the code for a token',
    json: auth.loginGoogleBody, answer: { status: 200, description: 'The user and a bearer token', json: auth.loginResponse },
    errors: {
      401: '`google_attempt_invalid` (a state unknown, used or expired), `google_sign_in_failed`', 403: '`google_email_unverified`', 404: '`google_not_configured`',
      409: '`google_account_mismatch`', 429: '`rate_limited`', 502: '`google_unreachable`',
    },
  },
  {
    method: 'post', path: '/v1/auth/password-reset', tag: 'auth', caller: 'anyone', summary: 'Mail a password-reset link',
    description:
      'Answered alike, in the same time, whether or not an account has the address. An account with a password gets a single-use link to ' +
      '`PUBLIC_URL/reset-password#token=…`, working 30 minutes from when the mail leaves; one that signs in with Google only gets a mail that says so.',
    json: auth.passwordResetBody, answer: { status: 202, description: '`{message}` to show', json: auth.passwordResetAccepted },
    errors: { 429: '`reset_limit` (3 links an hour to one address); `rate_limited` (the gateway, per client address)' },
  },
  {
    method: 'post', path: '/v1/auth/password-reset/check', tag: 'auth', caller: 'anyone', summary: 'Whether a reset link still works',
    json: auth.passwordResetCheckBody, answer: { status: 200, description: 'The account\'s email', json: auth.passwordResetCheck },
    errors: { 400: '`reset_link_invalid`', 410: '`reset_link_expired`, `reset_link_used` (used, or ended by another link\'s use)', 429: '`rate_limited`' },
  },
  {
    method: 'post', path: '/v1/auth/password-reset/confirm', tag: 'auth', caller: 'anyone', summary: 'Set a new password through a reset link',
    description: 'Signs the learner in; every token of the account issued before stops working everywhere, and its other reset links end.',
    json: auth.passwordResetConfirmBody, answer: { status: 200, description: 'The user and a bearer token, as sign-in answers', json: auth.loginResponse },
    errors: {
      400: '`reset_link_invalid`, `password_too_common`, `password_contains_email_name`',
      410: '`reset_link_expired`, `reset_link_used`',
      429: '`rate_limited`',
    },
  },
  {
    method: 'put', path: '/v1/auth/password', tag: 'auth', caller: 'user', summary: 'Change one\'s own password',
    description: 'The current password typed again. Every earlier token of the user stops working everywhere; the answer\'s token is the new session.',
    json: auth.changePasswordBody, answer: { status: 200, description: 'The user and a new bearer token', json: auth.loginResponse },
    errors: { 400: '`password_too_common`, `password_contains_email_name`', 403: '`password_incorrect`', 409: '`no_password` (an account that signs in with Google only)' },
  },
  {
    method: 'get', path: '/v1/auth/mail-preferences', tag: 'auth', caller: 'user', summary: 'Which of one\'s own mails are sent',
    answer: { status: 200, description: 'Each topic, true while its mails are sent', json: auth.mailPreferences },
  },
  {
    method: 'put', path: '/v1/auth/mail-preferences', tag: 'auth', caller: 'user', summary: 'Switch topics of one\'s own mails on or off',
    json: auth.mailPreferencesBody, answer: { status: 200, description: 'Every topic after the change', json: auth.mailPreferences },
  },
  {
    method: 'get', path: '/v1/auth/reminders', tag: 'auth', caller: 'user', summary: 'One\'s reminders',
    answer: {
      status: 200,
      description: 'The time of the daily reminder (Ulaanbaatar\'s "HH:MM"), or null for none, and whether one is reminded 3 hours before a read-aloud window closes',
      json: auth.reminderSettings,
    },
  },
  {
    method: 'put', path: '/v1/auth/reminders', tag: 'auth', caller: 'user', summary: 'Set or end one\'s reminders',
    description:
      'The daily reminder is sent each day at that time; with `aloudWindow` (kept as it is when left out), a reminder is sent 3 hours before the 24-hour read-aloud window of a plan day closes, unless one recorded the day or already earned the plan\'s read-aloud refund. Both go by Web Push to every device one allowed, and by mail while the `reminders` mail topic is on.',
    json: auth.reminderSettingsBody, answer: { status: 200, description: 'The settings after the change', json: auth.reminderSettings },
  },
  {
    method: 'get', path: '/v1/auth/push-key', tag: 'auth', caller: 'anyone', summary: 'The key a browser subscribes to Web Push with',
    answer: { status: 200, description: 'The VAPID public key (base64url), or null while Web Push is off', json: auth.pushKey },
  },
  {
    method: 'put', path: '/v1/auth/push-subscriptions', tag: 'auth', caller: 'user', summary: 'Receive one\'s reminders on this device',
    description: 'The browser\'s `PushSubscription.toJSON()`; a device already subscribed is the signed-in learner\'s from now on.',
    json: auth.pushSubscriptionBody, answer: noContent('Kept'),
  },
  {
    method: 'delete', path: '/v1/auth/push-subscriptions', tag: 'auth', caller: 'user', summary: 'No more reminders on this device',
    json: auth.pushUnsubscribeBody, answer: noContent('Removed'), errors: { 404: '`push_subscription_not_found`: none of one\'s devices' },
  },
  {
    method: 'post', path: '/v1/auth/unsubscribe', tag: 'auth', caller: 'anyone', summary: 'Switch one topic\'s mails off by a mail\'s link',
    description: 'The token of a mail\'s `PUBLIC_URL/unsubscribe#token=…` link, signed for one user and one topic; no sign-in needed.',
    json: auth.unsubscribeBody, answer: { status: 200, description: 'The topic switched off and the account\'s email', json: auth.unsubscribed },
    errors: { 400: '`unsubscribe_link_invalid`', 429: '`rate_limited`' },
  },
  {
    method: 'get', path: '/v1/centre', tag: 'auth', caller: 'anyone', summary: 'The centre\'s name, contact and logo',
    description: '`logoUrl` is the uploaded logo\'s `/v1/centre/logo?v=…` when there is one, else `CENTRE_LOGO_URL`.',
    answer: { status: 200, description: 'For the header, /help, the payment instructions and mails; null where not set', json: auth.centre },
  },
  {
    method: 'get', path: '/v1/centre/logo', tag: 'auth', caller: 'anyone', summary: 'The logo an administrator uploaded',
    description: 'Its address in `/v1/centre` carries its version, so it is cached for a day.',
    answer: { status: 200, description: 'The picture', file: ['image/png', 'image/jpeg', 'image/webp'] }, alsoAnswers: [notModified],
    errors: { 404: '`logo_not_found`' },
  },
  {
    method: 'put', path: '/v1/centre/logo', tag: 'auth', caller: 'admin', summary: 'Upload the centre\'s logo',
    description: 'It replaces `CENTRE_LOGO_URL` in the header and the mails. SVG is not taken: it can carry script.',
    multipart: { properties: { file: file('PNG, JPEG or WebP, at most 512 KB') }, required: ['file'] },
    answer: { status: 200, description: 'The centre as it is now shown', json: auth.centre },
    errors: { 400: '`multipart_expected`, `logo_missing`, `logo_unreadable`', 413: '`logo_too_large`', 415: '`logo_not_image`' },
  },
  {
    method: 'delete', path: '/v1/centre/logo', tag: 'auth', caller: 'admin', summary: 'Remove the uploaded logo',
    description: 'Back to `CENTRE_LOGO_URL`, or to none.',
    answer: { status: 200, description: 'The centre as it is now shown', json: auth.centre },
  },
  // users
  {
    method: 'get', path: '/v1/users', tag: 'users', caller: 'admin', summary: 'Users, found by name or email',
    query: auth.usersQuery, answer: pageAnswer(z.object({ result: z.array(auth.user), total: z.number().int() }), 'Users'),
  },
  {
    method: 'get', path: '/v1/users/{id}', tag: 'users', caller: 'admin', summary: 'A user',
    answer: { status: 200, description: 'The user', json: auth.user }, errors: { 404: '`user_not_found`' },
  },
  {
    method: 'put', path: '/v1/users/{id}/admin', tag: 'users', caller: 'admin', summary: 'Grant or remove the administrator role',
    description: 'The user\'s earlier tokens stop working everywhere (401 `token_revoked`).',
    json: auth.adminRoleBody, answer: { status: 200, description: 'The user', json: auth.user },
    errors: { 404: '`user_not_found`', 409: '`own_administrator_role`, `last_administrator`' },
  },
  // notifications
  {
    method: 'get', path: '/v1/notifications', tag: 'notifications', caller: 'user', summary: 'One\'s own notifications, newest first',
    query: pageQuery, answer: { status: 200, description: '`{result, total, unread}`', json: answers.notificationPage },
  },
  {
    method: 'get', path: '/v1/notifications/unread-count', tag: 'notifications', caller: 'user', summary: 'How many are unread (polled every 5 s)',
    description: 'The service answers an unchanged count 304 to its own ETag; the gateway seals JSON and drops the ETag, so through it each poll is a small 200.',
    answer: countAnswer,
  },
  {
    method: 'put', path: '/v1/notifications/read', tag: 'notifications', caller: 'user', summary: 'Mark all one\'s own read',
    answer: { status: 200, description: '`{count: 0}`', json: answers.count },
  },
  {
    method: 'put', path: '/v1/notifications/{id}/read', tag: 'notifications', caller: 'user', summary: 'Mark one of one\'s own read',
    answer: { status: 200, description: 'The notification', json: answers.notification }, errors: { 404: '`notification_not_found` (another\'s too)' },
  },
  // lessons and monsterplans
  ...bundleOperations('lesson'),
  ...bundleOperations('monsterplan'),
  {
    method: 'get', path: '/v1/monsterplans/{monsterplanId}/play/{videoId}', tag: 'monsterplans', caller: 'user', summary: 'Play a video of a plan',
    description: 'A learner approved for the plan, or an administrator. The first play assigns the day.',
    answer: { status: 200, description: 'Signed URLs of the video and its subtitles', json: catalog.playResult },
    errors: { 403: '`monsterplan_not_approved`, `day_not_released`', 404: '`monsterplan_not_found`, `video_not_in_monsterplan`' },
  },
  // requests
  ...(['lesson', 'monsterplan'] as const).flatMap((kind): Operation[] => {
    const base = `/v1/${kind}-requests`;
    const tag = 'requests';
    const request = kind === 'lesson' ? catalog.lessonRequest : catalog.monsterplanRequest;
    const body = kind === 'lesson' ? catalog.lessonRequestBody : catalog.monsterplanRequestBody;
    const bundle = kind === 'lesson' ? 'lesson bundle' : 'Monster plan';
    const notFound = '`request_not_found`';
    return [
      {
        method: 'get', path: base, tag, caller: 'admin', summary: `Requests for a ${bundle}, newest first`,
        query: pageQuery, answer: pageAnswer(z.object({ result: z.array(request), total: z.number().int() }), 'Requests'),
      },
      {
        method: 'post', path: base, tag, caller: 'user', summary: `Ask for a ${bundle}`,
        json: body, answer: { status: 201, description: 'The pending request', json: request },
        errors: { 404: `\`${kind}_not_found\``, 409: '`request_pending`, `already_approved`, `monsterplan_inactive`' },
      },
      {
        method: 'get', path: `${base}/total-new-requests`, tag, caller: 'admin', summary: 'How many requests are pending',
        answer: countAnswer,
      },
      {
        method: 'get', path: `${base}/{id}`, tag, caller: 'admin', summary: 'A request',
        answer: { status: 200, description: 'The request', json: request }, errors: { 404: notFound },
      },
      {
        method: 'put', path: `${base}/{id}`, tag, caller: 'admin', summary: 'Approve a request',
        description: 'Any body is ignored: the grant is the bundle\'s current videos.',
        answer: { status: 200, description: 'The approved request', json: request }, errors: { 404: notFound },
      },
      {
        method: 'delete', path: `${base}/{id}`, tag, caller: 'admin', summary: 'Cancel a pending request, which removes it',
        answer: noContent('Removed'), errors: { 404: notFound, 409: '`request_approved`' },
      },
    ];
  }),
  // progress
  {
    method: 'post', path: '/v1/progress/videos/{videoId}', tag: 'progress', caller: 'user', summary: 'Report what was heard of a video',
    description: 'A learner approved for the plan or bundle named (exactly one of `monsterplan`, `lesson`).',
    json: progress.listeningReport, answer: { status: 200, description: 'The video as the server counts it', json: answers.videoProgress },
    errors: {
      400: '`progress_range_beyond_duration`', 403: '`progress_not_approved`',
      404: '`monsterplan_not_found`, `lesson_not_found`, `progress_video_not_found`',
    },
  },
  {
    method: 'put', path: '/v1/progress/videos/{videoId}/dictation', tag: 'progress', caller: 'user', summary: 'Save one\'s dictation of a video',
    description: 'A learner approved for the plan or bundle named (exactly one of `monsterplan`, `lesson`): the player\'s score of the dictation so far; the latest is kept and shown with the video\'s progress.',
    json: progress.dictationReport, answer: { status: 200, description: 'The score kept', json: answers.dictationScore },
    errors: { 403: '`progress_not_approved`', 404: '`monsterplan_not_found`, `lesson_not_found`, `progress_video_not_found`' },
  },
  {
    method: 'get', path: '/v1/progress/monsterplans/{id}', tag: 'progress', caller: 'user', summary: 'One\'s progress in a plan',
    answer: { status: 200, description: 'Videos, days and weeks, and where to continue', json: answers.planProgress },
    errors: { 403: '`progress_not_approved`', 404: '`monsterplan_not_found`' },
  },
  {
    method: 'get', path: '/v1/progress/lessons/{id}', tag: 'progress', caller: 'user', summary: 'One\'s progress in a lesson bundle',
    answer: { status: 200, description: 'Videos and where to continue', json: answers.lessonProgress },
    errors: { 403: '`progress_not_approved`', 404: '`lesson_not_found`' },
  },
  {
    method: 'get', path: '/v1/progress/mine', tag: 'progress', caller: 'user', summary: 'One\'s plans and bundles, approved or pending',
    answer: { status: 200, description: '`{monsterplans, lessons, streak}`', json: answers.myLearning },
  },
  {
    method: 'get', path: '/v1/progress/users/{userId}', tag: 'progress', caller: 'admin', summary: 'A learner\'s plans and bundles',
    answer: { status: 200, description: 'As `/v1/progress/mine` (empty lists for an unknown id)', json: answers.myLearning },
  },
  // refunds
  {
    method: 'get', path: '/v1/monsterplans/{id}/refunds', tag: 'refunds', caller: 'admin', summary: 'A plan\'s refund report',
    query: refunds.planRefundsQuery, answer: { status: 200, description: 'Learners with a refund, by email', json: answers.planRefunds },
    errors: { 404: '`monsterplan_not_found`' },
  },
  {
    method: 'get', path: '/v1/monsterplans/{id}/refunds.csv', tag: 'refunds', caller: 'admin', summary: 'A plan\'s refund report as CSV',
    answer: { status: 200, description: 'UTF-8 with a BOM, one row per refund; `attachment; filename="refunds-{id}.csv"`', file: ['text/csv'] },
    errors: { 404: '`monsterplan_not_found`' },
  },
  {
    method: 'get', path: '/v1/refunds', tag: 'refunds', caller: 'admin', summary: 'A learner\'s refunds of every plan',
    query: refunds.learnerRefundsQuery, answer: { status: 200, description: '`{result}`', json: answers.learnerRefunds },
  },
  {
    method: 'get', path: '/v1/refunds/alouds', tag: 'refunds', caller: 'admin', summary: 'Whether recordings came within 24 hours of their day',
    description: '`ids`: up to 100 recording ids, comma-separated.', query: refunds.aloudTimelinessQuery,
    answer: { status: 200, description: '`{result}`', json: answers.aloudTimeliness },
  },
  {
    method: 'put', path: '/v1/refunds/{refundId}/paid', tag: 'refunds', caller: 'admin', summary: 'Mark a refund paid (by the caller, now)',
    description: '`method`: `bank_transfer` (also with no body) or `qpay_refund` (the centre refunded the QPay payment by hand). The learner is notified.',
    json: refunds.markPaidBody, jsonOptional: true,
    answer: { status: 200, description: 'The refund (a paid one stays as it was)', json: answers.refundItem }, errors: { 404: '`refund_not_found`' },
  },
  {
    method: 'delete', path: '/v1/refunds/{refundId}/paid', tag: 'refunds', caller: 'admin', summary: 'Undo "mark paid"',
    answer: { status: 200, description: 'The refund', json: answers.refundItem }, errors: { 404: '`refund_not_found`' },
  },
  // payments
  {
    method: 'get', path: '/v1/payments/qpay', tag: 'payments', caller: 'anyone', summary: 'Whether the centre takes QPay',
    answer: { status: 200, description: '`{isEnabled}`', json: answers.qpayOffer },
  },
  {
    method: 'post', path: '/v1/payments/qpay/invoices', tag: 'payments', caller: 'user', summary: 'The QPay invoice of the learner\'s pending request',
    description: '`{monsterplan}` or `{lesson}`: the learner\'s pending request for it. The same open invoice is answered until it expires.',
    json: payments.invoiceBody,
    answer: { status: 201, description: 'A new invoice, for the price the request recorded', json: answers.invoice },
    alsoAnswers: [{ status: 200, description: 'The same unpaid invoice as before', json: answers.invoice }],
    errors: { 404: '`request_not_found`, `qpay_off`', 409: '`request_approved`, `price_not_payable`', 502: '`qpay_unavailable`: QPay failed, answered slowly or refused; nothing was kept' },
  },
  {
    method: 'get', path: '/v1/payments/qpay/receipts', tag: 'payments', caller: 'user', summary: 'The learner\'s invoices paid through QPay, with their e-receipts',
    answer: { status: 200, description: '`{result}`, newest first; `receipt` null until QPay made it (QPAY_EBARIMT=1)', json: answers.paidInvoices },
  },
  {
    method: 'get', path: '/v1/payments/qpay/invoices/{id}', tag: 'payments', caller: 'user', summary: 'An invoice: the learner\'s own, or any for the administrator',
    answer: { status: 200, description: 'The invoice', json: answers.invoice }, errors: { 404: '`invoice_not_found`' },
  },
  {
    method: 'delete', path: '/v1/payments/qpay/invoices/{id}', tag: 'payments', caller: 'admin', summary: 'Cancel an open invoice at QPay',
    answer: { status: 200, description: 'The invoice, cancelled', json: answers.invoice },
    errors: { 404: '`invoice_not_found`, `qpay_off`', 409: '`invoice_not_open`', 502: '`qpay_unavailable`' },
  },
  ...(['get', 'post'] as const).map(
    (method): Operation => ({
      method, path: '/v1/payments/qpay/callback/{id}', tag: 'payments', caller: 'anyone', summary: 'QPay\'s callback for a paid invoice',
      description: 'Carries no proof and is never believed: it wakes a payment check with QPay. Rate-limited by the gateway. QPay calls it with GET; POST is taken too.',
      answer: { status: 200, description: '`SUCCESS`', file: ['text/plain'] }, errors: { 404: '`invoice_not_found`, `qpay_off`' },
    }),
  ),
  {
    method: 'get', path: '/v1/payments', tag: 'payments', caller: 'admin', summary: 'Every QPay payment, newest first, for reconciliation',
    description: '`from`, `to`: days (YYYY-MM-DD) in Asia/Ulaanbaatar, both included.', query: payments.paymentsQuery,
    answer: pageAnswer(answers.paymentPage, 'Payments'),
  },
  {
    method: 'get', path: '/v1/payments.csv', tag: 'payments', caller: 'admin', summary: 'The payments as CSV',
    query: payments.paymentsCsvQuery,
    answer: { status: 200, description: 'UTF-8 with a BOM, one row per payment; `attachment; filename="payments[-from][-to].csv"`', file: ['text/csv'] },
  },
  {
    method: 'get', path: '/v1/refunds/payable', tag: 'refunds', caller: 'admin', summary: 'Refund claims ready to pay',
    description: 'Claims not yet paid whose learner gave an account, with it; the newest earned first, then by id.',
    query: refunds.payableRefundsQuery, answer: pageAnswer(answers.payableRefundPage, 'Claims'),
  },
  {
    method: 'get', path: '/v1/refunds/payable.csv', tag: 'refunds', caller: 'admin', summary: 'Refund claims ready to pay, as the bank\'s bulk-transfer file',
    description: 'Every claim of `/v1/refunds/payable`, in its order: bank, account number, account holder, amount, the transfer\'s description, email, refund id, when earned (Ulaanbaatar time).',
    answer: { status: 200, description: 'UTF-8 with a BOM, one row per claim; `attachment; filename="refunds-payable.csv"`', file: ['text/csv'] },
  },
  {
    method: 'get', path: '/v1/refunds/{refundId}/history', tag: 'refunds', caller: 'admin', summary: 'Every change of a refund claim',
    answer: { status: 200, description: 'What, who and when, oldest first', json: answers.claimHistory }, errors: { 404: '`refund_not_found`' },
  },
  {
    method: 'get', path: '/v1/me/bank-account', tag: 'refunds', caller: 'user', summary: 'One\'s account for refunds',
    answer: { status: 200, description: 'The account', json: answers.bankAccount },
    errors: { 404: '`bank_account_not_found` (none given yet)', 409: '`bank_account_unreadable` (sealed under another key: the learner gives it again)' },
  },
  {
    method: 'put', path: '/v1/me/bank-account', tag: 'refunds', caller: 'user', summary: 'Give or replace one\'s account for refunds',
    description: 'Kept sealed (AES-256-GCM). `accountNumber` may hold spaces and dashes, which are dropped; digits (5–20) or an MN IBAN. Every claim not yet paid then has its details given.',
    json: refunds.bankAccountBody, answer: { status: 200, description: 'The account as kept', json: answers.bankAccount },
  },
  {
    method: 'get', path: '/v1/me/refunds', tag: 'refunds', caller: 'user', summary: 'One\'s refund claims and their states',
    description: 'The newest earned first, then by id.',
    answer: { status: 200, description: '`{result}`', json: answers.myRefunds },
  },
  // exam
  {
    method: 'get', path: '/v1/monsterplans/exam-results', tag: 'exam', caller: 'admin', summary: 'Every learner\'s exam result, newest first',
    query: pageQuery, answer: pageAnswer(answers.examResultPage, 'Results'),
  },
  ...examOperations(),
  // questions
  ...questionOperations(),
  // media
  {
    method: 'get', path: '/v1/media/{kind}/{id}', tag: 'media', caller: 'signedUrl', summary: 'The bytes behind a signed URL',
    description: 'Video and subtitle URLs come from the catalog\'s play call, read-aloud URLs from the administrator\'s list.',
    params: { kind: { schema: { type: 'string', enum: ['video', 'subtitle', 'aloud'] } } },
    query: z.object({ expires: z.string().describe('Unix seconds'), signature: z.string() }),
    answer: {
      status: 200,
      description:
        'The file (Range requests are honoured): a video as it was uploaded (MP4, WebM, QuickTime…), subtitles as WebVTT, a recording as its one stored ' +
        'form, MP3 (as it was sent, WebM, Ogg, WAV or M4A, only where media has no ffmpeg)',
      file: ['video/*', 'text/vtt', 'audio/*', 'application/octet-stream'],
    },
    alsoAnswers: [fileAnswers.partial, fileAnswers.notModified],
    errors: { 403: '`media_url_invalid`, `media_url_expired`', 404: '`file_not_found`', 416: '`range_not_satisfiable`' },
  },
  {
    method: 'get', path: '/v1/media/hls/{expires}/{signature}/{videoId}/{file}', tag: 'media', caller: 'signedUrl', summary: 'A file of a video\'s HLS ladder, by its signed path',
    description:
      'The play call answers `…/{videoId}/master.m3u8` once the ladder is ready; its playlists link the other files relatively, so they inherit the signed path. ' +
      'One signature (HMAC over `hls/{videoId}:{expires}`) stands for every file of that video\'s ladder, and for nothing else.',
    params: {
      expires: { description: 'Unix seconds' },
      signature: { description: 'base64url HMAC-SHA256' },
      file: { description: '`master.m3u8`, or `{rendition}/playlist.m3u8`, `{rendition}/init.mp4`, `{rendition}/segment-{n}.m4s`; it may hold one `/`.' },
    },
    answer: { status: 200, description: 'The playlist or segment (Range requests are honoured)', file: ['application/vnd.apple.mpegurl', 'video/mp4', 'video/iso.segment'] },
    alsoAnswers: [fileAnswers.partial, fileAnswers.notModified],
    errors: { 403: '`media_url_invalid`, `media_url_expired`', 404: '`file_not_found`', 416: '`range_not_satisfiable`' },
  },
  {
    method: 'get', path: '/v1/posters/{videoId}', tag: 'media', caller: 'anyone', summary: 'A published video\'s poster frame',
    description: 'For the plan and bundle cards and a plan\'s days: it holds nothing paid for. Cached for a day.',
    answer: { status: 200, description: 'The image', file: ['image/jpeg'] }, alsoAnswers: [fileAnswers.partial, fileAnswers.notModified],
    errors: { 404: '`poster_not_found` (an unknown video, one not published, or one without a frame)', 416: '`range_not_satisfiable`' },
  },
  // documents
  {
    method: 'get', path: '/v1/documents', tag: 'documents', caller: 'admin', summary: 'The documents (PDF downloads)',
    query: pageQuery, answer: pageAnswer(answers.mediaDocumentPage, 'Documents'),
  },
  {
    method: 'get', path: '/v1/documents/{name}', tag: 'documents', caller: 'anyone', summary: 'A document\'s PDF',
    params: { name: { description: 'The document\'s name; it may hold `/`.' } },
    answer: { status: 200, description: 'The PDF', file: ['application/pdf'] }, alsoAnswers: [fileAnswers.partial, fileAnswers.notModified],
    errors: { 404: '`document_not_found`', 416: '`range_not_satisfiable`' },
  },
  {
    method: 'put', path: '/v1/documents/{name}', tag: 'documents', caller: 'admin', summary: 'Put or replace a document\'s PDF',
    params: { name: { description: 'One of the names the site links to; it may hold `/`.' } },
    multipart: { properties: { document: file('the PDF') }, required: ['document'] },
    answer: { status: 200, description: 'The document', json: answers.mediaDocument },
    errors: { 400: `\`bad_document_name\`, ${formRefusals}`, 413: '`file_too_large`', 415: '`unsupported_content`' },
  },
  {
    method: 'delete', path: '/v1/documents/{name}', tag: 'documents', caller: 'admin', summary: 'Delete a document',
    params: { name: { description: 'The document\'s name; it may hold `/`.' } },
    answer: noContent('Deleted'), errors: { 404: '`document_not_found`' },
  },
  // videos
  ...videoKinds.flatMap(videoOperations),
  // alouds
  {
    method: 'post', path: '/v1/monsterplans/aloud', tag: 'alouds', caller: 'user', summary: 'Send a read-aloud recording',
    description: 'The plan day it was made for: `monsterplan`, `week`, `dayOfWeek`, all three or none.',
    multipart: {
      properties: {
        video: file('the recording: audio (mp3, m4a, webm, ogg, wav); the field is named `video` as spec section 3 says'),
        monsterplan: { type: 'string', format: 'uuid' },
        week: { type: 'integer', minimum: 1, maximum: 52 },
        dayOfWeek: { type: 'integer', minimum: 1, maximum: 7 },
      },
      required: ['video'],
    },
    answer: { status: 201, description: 'The recording', json: answers.aloudRecorded },
    errors: {
      400: `\`validation_failed\` (a plan day not whole), ${formRefusals}`, 413: '`file_too_large` (over MEDIA_ALOUD_LIMIT_BYTES)',
      415: '`unsupported_content`, `not_audio`', 429: '`too_many_alouds` (MEDIA_ALOUDS_PER_DAY in 24 hours, uploads under way counted; before the body is read)',
    },
  },
  {
    method: 'get', path: '/v1/monsterplans/aloud', tag: 'alouds', caller: 'admin', summary: 'Read-aloud recordings, by learner',
    query: media.aloudPageQuery, answer: pageAnswer(answers.aloudPage, 'Learners with their recordings'),
  },
];

/** Lesson bundles and Monster plans: the same family of calls, one service module each. */
function bundleOperations(kind: 'lesson' | 'monsterplan'): Operation[] {
  const base = `/v1/${kind}s`;
  const tag = `${kind}s`;
  const { name, bundle, body } =
    kind === 'lesson'
      ? { name: 'lesson bundle', bundle: catalog.lesson, body: catalog.lessonBody }
      : { name: 'Monster plan', bundle: catalog.monsterplan, body: catalog.monsterplanBody };
  const notFound = `\`${kind}_not_found\``;
  const examBankShort: Record<number, string> =
    kind === 'monsterplan' ? { 409: '`exam_bank_short` (the exam switched on while the question bank cannot fill one: `examQuestions`)' } : {};
  const videosChosen = '`video_not_found`, `video_wrong_kind`';
  const theBundle: Answer = { status: 200, description: `The ${name}`, json: bundle };
  return [
    {
      method: 'get', path: base, tag, caller: 'anyone', summary: `Every ${name}`,
      answer: { status: 200, description: 'All of them (sealed by the gateway, which drops the service\'s ETag)', json: z.array(bundle) },
    },
    {
      method: 'post', path: base, tag, caller: 'admin', summary: `Create a ${name}`,
      json: body, answer: { ...theBundle, status: 201 }, errors: { 400: videosChosen, ...examBankShort },
    },
    kind === 'lesson'
      ? {
          method: 'get', path: `${base}/{id}`, tag, caller: 'maybeUser', summary: `A ${name}`,
          description: 'Play URLs only for a viewer approved for the bundle.', answer: theBundle, errors: { 404: notFound },
        }
      : { method: 'get', path: `${base}/{id}`, tag, caller: 'anyone', summary: `A ${name}`, answer: theBundle, errors: { 404: notFound } },
    {
      method: 'put', path: `${base}/{id}`, tag, caller: 'admin', summary: `Change a ${name}`,
      json: body, answer: theBundle, errors: { 400: videosChosen, 404: notFound, ...examBankShort },
    },
    { method: 'delete', path: `${base}/{id}`, tag, caller: 'admin', summary: `Delete a ${name}`, answer: noContent('Deleted'), errors: { 404: notFound } },
    {
      method: 'delete', path: `${base}/{id}/learners/{userId}`, tag, caller: 'admin', summary: `Revoke a learner's access to a ${name}`,
      answer: noContent('Revoked (an approved or pending request removed)'), errors: { 404: `\`access_not_found\`, ${notFound}` },
    },
  ];
}

function examOperations(): Operation[] {
  const tag = 'exam';
  const planErrors = { 403: '`exam_not_approved`', 404: '`monsterplan_not_found`' };
  const number = { number: { description: 'The question\'s number in the attempt, 1…40', schema: { type: 'integer', minimum: 1 } } };
  return [
    {
      method: 'get', path: '/v1/monsterplans/{id}/exam', tag, caller: 'user', summary: 'The questions revealed so far, the open one last',
      answer: {
        status: 200, description: '`[]` before the attempt begins', json: z.array(answers.examQuestion),
        headers: { 'Exam-Remaining-Questions': 'Questions not revealed yet' },
      },
      errors: { ...planErrors, 409: '`exam_not_enabled`, `exam_taken`' },
    },
    {
      method: 'get', path: '/v1/monsterplans/{id}/exam/attempt', tag, caller: 'user', summary: 'Where one\'s attempt stands (reveals nothing)',
      answer: { status: 200, description: 'The attempt', json: answers.examAttempt }, errors: { ...planErrors, 409: '`exam_not_enabled`' },
    },
    {
      method: 'post', path: '/v1/monsterplans/{id}/exam/questions/{number}', tag, caller: 'user', summary: 'Reveal question {number} and start its 9 seconds',
      description: 'Number 1 begins the attempt; the open question asked again answers it again with its clock running.',
      params: number, answer: { status: 200, description: 'The question', json: answers.revealedQuestion },
      errors: {
        ...planErrors,
        409: '`exam_not_enabled`, `exam_not_ready`, `exam_question_out_of_turn`, `exam_questions_over`, `exam_not_started`, `exam_taken`',
      },
    },
    {
      method: 'post', path: '/v1/monsterplans/{id}/exam/questions/{number}/answer', tag, caller: 'user', summary: 'Answer the open question',
      description: 'Later than 9 s plus EXAM_ANSWER_ALLOWANCE_SECONDS after the reveal, by the server\'s clock, it counts as 999.',
      params: number, json: exam.questionAnswer, answer: { status: 200, description: 'What was recorded', json: answers.recordedAnswer },
      errors: {
        ...planErrors, 400: '`exam_answer_unknown_option`',
        409: '`exam_not_enabled`, `exam_question_answered`, `exam_question_not_revealed`, `exam_not_started`, `exam_taken`',
      },
    },
    {
      method: 'post', path: '/v1/monsterplans/{id}/exam', tag, caller: 'user', summary: 'End the attempt and grade it',
      description: '`data` is the answers `[{question, answer}]` sealed as a payload token; the server\'s record of each question wins.',
      json: exam.examSubmission, answer: { status: 200, description: 'The result', json: answers.examResult },
      errors: {
        ...planErrors,
        400: '`exam_answers_unreadable`, `exam_answers_invalid`, `exam_answer_unknown_question`, `exam_answer_repeated`, `exam_answer_unknown_option`',
        409: '`exam_not_enabled`, `exam_not_started`, `exam_taken`',
      },
    },
  ];
}

function questionOperations(): Operation[] {
  const path = '/v1/monsterplans/{id}/questions';
  const tag = 'questions';
  const fileBodies = {
    multipart: { properties: { file: file('CSV or JSON, at most 2 MB') }, required: ['file'] },
    otherBodies: { 'text/csv': questionFile, 'application/json': { type: 'array', items: { type: 'object' }, description: questionFile.description } },
  };
  const fileErrors = {
    400: '`question_file_missing`, `question_file_unreadable`, `question_file_empty`, `question_file_too_long`, `question_file_malformed`, `question_file_invalid`',
    404: '`monsterplan_not_found`',
    413: '`question_file_too_large`',
  };
  return [
    {
      method: 'get', path, tag, caller: 'admin', summary: 'A plan\'s question bank',
      query: pageQuery, answer: pageAnswer(answers.bankQuestionPage, 'Questions'), errors: { 404: '`monsterplan_not_found`' },
    },
    {
      method: 'post', path, tag, caller: 'admin', summary: 'Add a file\'s questions to the bank', ...fileBodies,
      answer: { status: 201, description: 'How many the bank holds now', json: answers.questionImport }, errors: fileErrors,
    },
    {
      method: 'put', path, tag, caller: 'admin', summary: 'Replace the bank with a file\'s questions', ...fileBodies,
      answer: { status: 200, description: 'How many the bank holds now', json: answers.questionImport }, errors: fileErrors,
    },
    {
      method: 'delete', path, tag, caller: 'admin', summary: 'Empty the bank',
      answer: noContent('Emptied'), errors: { 404: '`monsterplan_not_found`' },
    },
    {
      method: 'put', path: `${path}/{questionId}`, tag, caller: 'admin', summary: 'Replace one question',
      json: exam.questionInput, answer: { status: 200, description: 'The question', json: answers.bankQuestion },
      errors: { 404: '`monsterplan_not_found`, `question_not_found`' },
    },
    {
      method: 'delete', path: `${path}/{questionId}`, tag, caller: 'admin', summary: 'Delete one question',
      answer: noContent('Deleted'), errors: { 404: '`monsterplan_not_found`, `question_not_found`' },
    },
  ];
}

function videoOperations(kind: (typeof videoKinds)[number]): Operation[] {
  const base = `/v1/files/${kind}-videos`;
  const tag = 'videos';
  const what = kind === 'monsterplan' ? 'Monster plan videos' : 'lesson videos';
  const notFound = { 404: '`video_not_found`' };
  const uploadErrors = { 400: formRefusals, 413: '`file_too_large` (over MEDIA_UPLOAD_LIMIT_BYTES)' };
  const theVideo: Answer = { status: 200, description: 'The video', json: answers.video };
  return [
    { method: 'get', path: base, tag, caller: 'admin', summary: `The ${what}`, query: pageQuery, answer: pageAnswer(answers.videoPage, 'Videos') },
    {
      method: 'post', path: base, tag, caller: 'admin', summary: `Upload one of the ${what}`,
      multipart: { properties: { video: file('the video') }, required: ['video'] },
      answer: { status: 201, description: 'The video, not yet published', json: answers.video },
      errors: { ...uploadErrors, 415: '`unsupported_content`, `not_a_video`' },
    },
    { method: 'get', path: `${base}/{id}`, tag, caller: 'admin', summary: `One of the ${what}`, answer: theVideo, errors: notFound },
    {
      method: 'put', path: `${base}/{id}`, tag, caller: 'admin', summary: 'Name and publish a video',
      json: media.videoUpdateBody, answer: theVideo, errors: notFound,
    },
    { method: 'delete', path: `${base}/{id}`, tag, caller: 'admin', summary: 'Delete a video', answer: noContent('Deleted'), errors: notFound },
    {
      method: 'post', path: `${base}/{id}/subtitle`, tag, caller: 'admin', summary: 'Put the video\'s subtitles (SRT or WebVTT)',
      multipart: { properties: { subtitle: file('SRT or WebVTT') }, required: ['subtitle'] },
      answer: theVideo,
      errors: {
        ...notFound, ...uploadErrors, 413: '`file_too_large` (over 2 MB, or MEDIA_UPLOAD_LIMIT_BYTES when that is less)',
        415: '`unsupported_content` (a video, a sound or a PDF), `not_subtitles` (text that is neither SRT nor WebVTT)',
      },
    },
    { method: 'delete', path: `${base}/{id}/subtitle`, tag, caller: 'admin', summary: 'Remove the video\'s subtitles', answer: theVideo, errors: notFound },
    {
      method: 'post', path: `${base}/{id}/transcoding`, tag, caller: 'admin', summary: 'Retry the video\'s failed transcoding',
      description: 'Queues the HLS ladder\'s job again; the list shows its state and progress.',
      answer: { status: 202, description: 'The video, its transcoding queued', json: answers.video },
      errors: { ...notFound, 409: '`transcoding_not_failed`, `transcoding_off`' },
    },
    {
      method: 'get', path: `${base}/{id}/poster`, tag, caller: 'admin', summary: 'The video\'s poster image',
      answer: { status: 200, description: 'The image', file: ['image/jpeg'] }, alsoAnswers: [fileAnswers.partial, fileAnswers.notModified],
      errors: { 404: '`video_not_found`, `poster_not_found`', 416: '`range_not_satisfiable`' },
    },
  ];
}

const tags: Record<string, string> = {
  auth: 'Registration, sign-in (password or Google), the current user, sign-out, deleting one\'s account, the token keys (auth service)',
  users: 'The administrator\'s users and the administrator role (auth service)',
  notifications: 'A user\'s own notifications (auth service)',
  lessons: 'Lesson bundles (catalog service)',
  monsterplans: 'Monster plans and playing their videos (catalog service)',
  requests: 'Learners\' requests for bundles and plans, approved or cancelled by the administrator (catalog service)',
  progress: 'Listening progress (catalog service)',
  refunds: 'The refund ledger (catalog service)',
  payments: 'Paying a request through QPay, and the payments for reconciliation (catalog service)',
  exam: 'The vocabulary exam, one question at a time on the server\'s clock (exam service)',
  questions: 'A plan\'s question bank (exam service)',
  media: 'Signed streaming URLs, and the published videos\' poster frames (media service)',
  documents: 'The PDF downloads (media service)',
  videos: 'The administrator\'s videos of both kinds (media service)',
  alouds: 'Read-aloud recordings (media service)',
};

const callers: Record<Caller, { security: Array<Record<string, string[]>>; words: string }> = {
  anyone: { security: [], words: 'Anyone.' },
  maybeUser: { security: [{}, { bearer: [] }], words: 'Anyone; a bearer token, when given, tells who is asking.' },
  user: { security: [{ bearer: [] }], words: 'A signed-in user.' },
  admin: { security: [{ bearer: [] }], words: '**The administrator only.**' },
  signedUrl: { security: [], words: 'Whoever holds a signed URL (no token: an `<video>` or `<audio>` element asks).' },
};

/** The statuses every call of its kind may answer, with their codes. */
function errorsOf(operation: Operation): Record<number, string> {
  const errors: Record<number, string[]> = {};
  const add = (status: number, codes: string) => (errors[status] ??= []).push(codes);
  if (operation.path.includes('{')) add(400, '`malformed_path` (percent-encoding that is not UTF-8)');
  // A path parameter with a schema of its own is validated; one that only has a word said about it is not.
  if (operation.query || operation.json || Object.values(operation.params ?? {}).some((param) => param.schema)) add(400, '`validation_failed`');
  if (operation.json || operation.otherBodies) add(400, '`malformed_json`, `json_too_deep`');
  if (operation.caller === 'user' || operation.caller === 'admin') add(401, '`unauthorized`, `token_invalid`, `token_expired`, `token_not_yet_valid`, `token_revoked`');
  if (operation.caller === 'admin') add(403, '`forbidden` (not an administrator)');
  if (operation.json || operation.otherBodies) add(413, '`payload_too_large`');
  if (operation.json || operation.otherBodies || operation.multipart) add(415, '`unsupported_encoding` (a Content-Encoding, or a charset other than UTF-8)');
  for (const [status, codes] of Object.entries(operation.errors ?? {})) add(Number(status), codes);
  return Object.fromEntries(Object.entries(errors).map(([status, codes]) => [status, codes.join('; ')]));
}

/**
 * What a body's refinements say, which zod's JSON Schema cannot carry: in JSON Schema's words where it
 * has them (a pattern, `oneOf`), else in a description. `properties` are merged into the body's own.
 */
const planOrBundle: JsonSchema = {
  oneOf: [{ required: ['monsterplan'], not: { required: ['lesson'] } }, { required: ['lesson'], not: { required: ['monsterplan'] } }],
  description: 'Exactly one of `monsterplan` and `lesson`: the plan or the bundle the video is heard in.',
};
const passwordTypedAgain: JsonSchema = { description: '`repeatPassword` is `password` typed again.' };
const rulesBeyondZod = new Map<z.ZodType, JsonSchema>([
  [auth.registerBody, passwordTypedAgain],
  [auth.passwordResetConfirmBody, passwordTypedAgain],
  [auth.changePasswordBody, passwordTypedAgain],
  [
    auth.googleStartBody,
    { properties: { redirectUri: { pattern: '^https?://[^/?#]+/callback/google$', description: 'The site\'s own `/callback/google`, with no query or fragment' } } },
  ],
  [progress.listeningReport, { ...planOrBundle, description: `${planOrBundle.description} Each of \`ranges\` is [start, end] in seconds, its start not after its end.` }],
  [progress.dictationReport, { ...planOrBundle, description: `${planOrBundle.description} \`correctWords\` is at most \`totalWords\`.` }],
  [
    exam.questionInput,
    {
      description:
        '`niceWord` occurs in `question` (in any case): the word the exam highlights. `correct` is the correct option\'s number (1–4) or its exact ' +
        'text; the four `answers` differ (in any case).',
    },
  ],
  [media.videoUpdateBody, { properties: { translateUrl: { description: 'Empty, an http(s):// address, or a path of this site (`/…`)' } } }],
]);

function withRules(schema: JsonSchema, rules: JsonSchema | undefined): JsonSchema {
  if (!rules) return schema;
  const { properties, ...rest } = rules as { properties?: Record<string, JsonSchema> };
  if (!properties) return { ...schema, ...rest };
  const own = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { ...schema, ...rest, properties: Object.fromEntries(Object.entries(own).map(([name, property]) => [name, { ...property, ...properties[name] }])) };
}

/** Builds the document; its paths are the gateway's, on the origin it is read from (OpenAPI's default server, `/`). */
export function openApiDocument(): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => toJsonSchema(schema, io, components);
  const errorRef = schemaOf(errorBody, 'output');
  const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });
  const answerOf = (answer: Answer) => ({
    description: answer.description,
    ...(answer.headers && {
      headers: Object.fromEntries(Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
    }),
    ...(answer.json && { content: { 'application/json': { schema: schemaOf(answer.json, 'output') } } }),
    ...(answer.file && { content: Object.fromEntries(answer.file.map((type) => [type, {}])) }),
  });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters = [
      ...[...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        ...(operation.params?.[name!]?.description === undefined ? {} : { description: operation.params[name!]!.description }),
        schema: operation.params?.[name!]?.schema ?? { type: 'string' },
      })),
      ...(operation.query ? queryParameters(schemaOf(operation.query, 'input')) : []),
    ];
    const content: Record<string, unknown> = {};
    if (operation.json) content['application/json'] = { schema: withRules(schemaOf(operation.json, 'input'), rulesBeyondZod.get(operation.json)) };
    if (operation.multipart) content['multipart/form-data'] = { schema: { type: 'object', ...operation.multipart } };
    for (const [type, schema] of Object.entries(operation.otherBodies ?? {})) content[type] = { schema };
    const responses: Record<string, unknown> = { [operation.answer.status]: answerOf(operation.answer) };
    // A range of a file is of the file's types.
    for (const answer of operation.alsoAnswers ?? []) responses[answer.status] = answerOf(answer.status === 206 ? { ...answer, file: operation.answer.file } : answer);
    for (const [status, codes] of Object.entries(errorsOf(operation))) responses[status] = errorAnswer(codes);
    responses.default = errorAnswer('Any other error, `{message, code}`: 500 `internal`; from the gateway 502 `bad_gateway`, 503 `service_unavailable`');

    (paths[operation.path] ??= {})[operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      description: [callers[operation.caller].words, operation.description].filter(Boolean).join(' '),
      operationId: operationIdOf(operation),
      security: callers[operation.caller].security,
      ...(parameters.length > 0 && { parameters }),
      ...(Object.keys(content).length > 0 && { requestBody: { required: !operation.jsonOptional, content } }),
      responses,
    };
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Learning platform API',
      version: '1',
      description: [
        'Every call goes through the gateway. Errors are an HTTP status and `{message, code}`; `message` is Mongolian, fit to show a learner.',
        'Paged lists take `perPage` and `currentPage` (1-based) and answer `{result, total}`.',
        'When the gateway has PAYLOAD_SECRET, every JSON body it sends from /v1 (errors too) is `{"payload": TOKEN}` with the header',
        '`X-Payload-Encryption: aes-256-gcm` (TOKEN = "v1." + base64url(iv) + "." + base64url(ciphertext || tag), the key SHA-256 of the secret):',
        'this document shows the JSON inside. Files and streams are never sealed.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /v1/auth/login' } },
    },
  };
}

/**
 * zod's JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of one schema: the named answers become
 * components, referred to by $ref. What JSON Schema cannot say (a transform's output) is left open.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const componentName = (id: string) => (io === 'input' ? `${id}Input` : id);
  const refTo = (id: string) => ({ $ref: `#/components/schemas/${componentName(id)}` });
  const convert = (target: z.ZodType) =>
    z.toJSONSchema(target, { io, metadata: named, unrepresentable: 'any', target: 'draft-2020-12', ...(io === 'input' && { override: keepPipedFormat }) }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    if (typeof object.$ref === 'string' && object.$ref.startsWith('#/$defs/')) return refTo(object.$ref.slice('#/$defs/'.length));
    return Object.fromEntries(Object.entries(object).filter(([key, inner]) => isKept(object, key, inner)).map(([key, inner]) => [key, rewrite(inner)]));
  };
  const keep = (defs: Record<string, JsonSchema> | undefined) => {
    for (const [id, def] of Object.entries(defs ?? {})) components[componentName(id)] ??= rewrite(def) as JsonSchema;
  };

  const id = named.get(schema)?.id;
  if (id) {
    if (!components[componentName(id)]) {
      // Converted through a wrapper, so that the schema itself lands in $defs like any other named one.
      const wrapped = convert(z.object({ it: schema }));
      keep(wrapped.$defs);
    }
    return refTo(id);
  }
  const converted = convert(schema);
  keep(converted.$defs);
  return rewrite(converted) as JsonSchema;
}

interface PipeDef {
  type: string;
  out?: { _zod: { def: { type: string; format?: unknown } } };
}

/**
 * An input's `z.string().trim().pipe(z.email())` is written by zod as the string alone: the format the
 * pipe then checks (an email address) is a rule of the input too, and the server refuses what breaks it.
 */
function keepPipedFormat({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }): void {
  const def = zodSchema._zod.def as PipeDef;
  const out = def.out?._zod.def;
  if (def.type === 'pipe' && out?.type === 'string' && typeof out.format === 'string') jsonSchema.format = out.format;
}

/** What zod adds that says nothing to a reader: the safe-integer bounds of `.int()`, the pattern behind a format. */
function isKept(schema: Record<string, unknown>, key: string, value: unknown): boolean {
  if (key === '$schema' || key === '$defs') return false;
  if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) return false;
  return !(key === 'pattern' && typeof schema.format === 'string');
}

function queryParameters(schema: JsonSchema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof property.description === 'string' && { description: property.description }),
    schema: property,
  }));
}

function operationIdOf({ method, path }: Operation): string {
  const words = path
    .replace(/^\/v1\//, '')
    .split(/[/.-]/)
    .map((part) => (part.startsWith('{') ? `by ${part.slice(1, -1)}` : part))
    .join(' ');
  return `${method} ${words}`.replace(/\s+(\w)/g, (_match, letter: string) => letter.toUpperCase());
}
