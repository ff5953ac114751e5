// The auth service: users, credentials, tokens, the user's view of their grants, and the mails
// that tell learners and the administrator what happened.
import { join } from 'node:path';
import { applyOnce, subscribe } from '@learning/kit/events';
import type { Rounds, ServiceDefinition } from '@learning/kit/service';
import { migrations } from '../migrations/index.js';
import { accessEventTypes, applyAccessEvent, applyExamCompleted } from './access.js';
import { ensureAdministrator } from './administrators.js';
import { configuredCentre, currentCentre } from './centre.js';
import { publicUrlOf, type AuthConfig } from './config.js';
import { googleClient } from './google.js';
import { dummyPasswordHash } from './passwords.js';
import { mailAdministratorOfRequest } from './mail/causes.js';
import { linkSigner } from './mail/links.js';
import { startMailSender, type MailSender } from './mail/sender.js';
import { mailTransport } from './mail/transport.js';
import { applyPasswordResetRequested, deleteOldResets, resetMinutes } from './password-resets.js';
import { loadCommonPasswords } from './password-rule.js';
import { deleteOldSignInFailures } from './sign-in-failures.js';
import { applyNotificationEvent, notificationEventTypes, notifyOfAccessEvent, notifyOfExamResult } from './notifications.js';
import { googleRoutes } from './routes/google.js';
import { internalRoutes } from './routes/internal.js';
import { authRoutes } from './routes/auth.js';
import { centreRoutes } from './routes/centre.js';
import { mailRoutes } from './routes/mail.js';
import { passwordRoutes } from './routes/passwords.js';
import { notificationRoutes } from './routes/notifications.js';
import { userRoutes } from './routes/users.js';
import { reminderRoutes } from './routes/reminders.js';
import { applyAloudRecorded, applyAloudRefundEarned, applyAloudWindowOpened } from './reminders/aloud-windows.js';
import { reminderSubscription } from './reminders/deliver.js';
import { vapidOf } from './reminders/push.js';
import { startReminderClock } from './reminders/schedule.js';
import { localKeys } from './signing-keys.js';
import type { AuthTables } from './tables.js';

export function authService(config: AuthConfig): ServiceDefinition<AuthTables> {
  const signingKey = config.TOKEN_SIGNING_KEY;
  let mailSender: MailSender | undefined;
  let housekeeping: ReturnType<typeof setInterval> | undefined;
  let reminderClock: Rounds | undefined;
  const publicUrl = publicUrlOf(config);
  const vapid = config.VAPID_PRIVATE_KEY ? vapidOf(config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT ?? (config.CENTRE_EMAIL ? `mailto:${config.CENTRE_EMAIL}` : publicUrl)) : undefined;
  const signer = linkSigner(config.MAIL_LINK_SECRET);
  const centre = configuredCentre(config);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? googleClient({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET })
      : null;
  return {
    name: 'auth',
    migrations,
    servesRevocations: true,
    keys: async () => localKeys(signingKey),
    async start(context) {
      await dummyPasswordHash(); // now, not in the first unknown email's sign-in
      loadCommonPasswords(); // likewise, not in the first registration
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        await ensureAdministrator(context.db, config.ADMIN_EMAIL.toLowerCase(), config.ADMIN_PASSWORD, config.TOKEN_TTL_SECONDS);
      }
      const host = new URL(publicUrl).hostname;
      mailSender = startMailSender({
        db: context.db,
        transport: mailTransport({ smtpUrl: config.SMTP_URL, mailDir: join(config.DATA_DIR, 'mail'), messageIdHost: host, logger: context.logger }),
        context: async () => ({ centre: await currentCentre(context.db, centre, publicUrl), publicUrl, signer, resetMinutes }),
        from: config.MAIL_FROM ?? `"${config.CENTRE_NAME.replaceAll('"', '')}" <no-reply@${host}>`,
        logger: context.logger,
        retrySeconds: config.MAIL_RETRY_SECONDS,
      });
      housekeeping = setInterval(() => {
        Promise.all([deleteOldResets(context.db), deleteOldSignInFailures(context.db)]).catch((error: unknown) =>
          context.logger.warn({ err: error }, 'old reset links and sign-in failures could not be deleted'),
        );
      }, 3600 * 1000).unref();
      reminderClock = startReminderClock(context.db, config.REMINDER_CHECK_SECONDS * 1000, context.logger);
    },
    async stop() {
      clearInterval(housekeeping);
      await reminderClock?.stop();
      await mailSender?.stop();
    },
    // The user's view of their grants and exam results, kept from the catalog's and the exam's events,
    // and the learner's notifications of them. One subscription per type: the inbox takes an event once
    // per service, so what an event changes is done in the one transaction that records it.
    subscriptions: ({ db }) => [
      subscribe(
        accessEventTypes,
        applyOnce(db, async (trx, event) => {
          await applyAccessEvent(trx, event);
          await notifyOfAccessEvent(trx, event);
          if (event.type === 'monsterplan-request.created' || event.type === 'lesson-request.created') {
            await mailAdministratorOfRequest(trx, event, config.ADMIN_NOTIFY_EMAIL);
          }
        }),
      ),
      subscribe(
        'exam.completed',
        applyOnce(db, async (trx, event) => {
          await applyExamCompleted(trx, event);
          await notifyOfExamResult(trx, event);
        }),
      ),
      subscribe(
        notificationEventTypes,
        applyOnce(db, async (trx, event) => {
          await applyNotificationEvent(trx, event);
          if (event.type === 'refund.earned') await applyAloudRefundEarned(trx, event);
        }),
      ),
      // The read-aloud reminder's windows and the recordings that make it needless.
      subscribe('aloud.window-opened', applyOnce(db, applyAloudWindowOpened)),
      subscribe('aloud.recorded', applyOnce(db, applyAloudRecorded)),
      subscribe(
        'password-reset.requested',
        applyOnce(db, (trx, event) => applyPasswordResetRequested(trx, event, signer)),
      ),
      reminderSubscription(db, vapid),
    ],
    routes(app, context) {
      const tokens = { issuer: config.TOKEN_ISSUER, audience: config.TOKEN_AUDIENCE, ttlSeconds: config.TOKEN_TTL_SECONDS };
      app.use(authRoutes(context, signingKey, tokens));
      app.use(googleRoutes(context, google, signingKey, tokens));
      app.use(userRoutes(context, tokens));
      app.use(notificationRoutes(context));
      app.use(passwordRoutes(context, signingKey, tokens));
      app.use(mailRoutes(context, signer));
      app.use(reminderRoutes(context, vapid));
      app.use(centreRoutes(context, centre));
      app.use(internalRoutes(context, config.INTERNAL_TOKEN));
    },
  };
}
