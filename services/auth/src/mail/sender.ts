// The sender: takes due mails from the queue, writes each (messages.ts) and hands it to the transport.
// A mail the SMTP server does not take waits and is tried again, each wait twice the last (from
// MAIL_RETRY_SECONDS up to an hour), for three days; one it refuses for good is marked failed. The
// queue's lease keeps a mail with one sender at a time, and its key keeps one mail per cause.
import type { Db } from '@learning/kit/data';
import type { Logger } from '@learning/kit/observability';
import { sql } from 'kysely';
import type { AuthTables } from '../tables.js';
import { watchMailQueue } from './metrics.js';
import { writeMail, type MailContext, type MailParams } from './messages.js';
import { claimDueMails, deleteOldMails, markFailed, markForRetry, markSent, type MailRow } from './queue.js';
import { isPermanentRefusal, type MailTransport } from './transport.js';

type AuthDb = Db<AuthTables>;

export interface MailSenderOptions {
  db: AuthDb;
  transport: MailTransport;
  /** What the mails are written with, read once per batch: the centre's logo may change. */
  context: () => Promise<MailContext>;
  from: string;
  logger: Logger;
  /** The first wait before a retry, in seconds. */
  retrySeconds: number;
  /** How often it looks for due mails. */
  pollMs?: number;
}

export interface MailSender {
  /** Look now: a mail was just queued. */
  wake(): void;
  /** Finishes the mail in hand, then stops. */
  stop(): Promise<void>;
}

const batchSize = 10;
const leaseSeconds = 120;
const longestWaitSeconds = 3600;
const giveUpAfterMs = 3 * 24 * 3600 * 1000;

export function startMailSender({ db, transport, context, from, logger, retrySeconds, pollMs = 1000 }: MailSenderOptions): MailSender {
  const metrics = watchMailQueue(db, logger);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isWoken = false;
  let isStopped = false;
  let lastHousekeeping = 0;

  function schedule(ms: number) {
    clearTimeout(timer);
    if (!isStopped) timer = setTimeout(run, ms);
  }

  function run() {
    if (isStopped) return;
    if (running) {
      isWoken = true;
      return;
    }
    isWoken = false;
    running = sendDue()
      .catch((error: unknown) => logger.warn({ err: error }, 'the mail queue could not be read; trying again shortly'))
      .finally(() => {
        running = undefined;
        schedule(isWoken ? 0 : pollMs);
      });
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const mails = await claimDueMails(db, batchSize, leaseSeconds);
      if (mails.length > 0) {
        const written = await context();
        for (const mail of mails) await sendOne(mail, written);
      }
      if (mails.length < batchSize || isStopped) break;
    }
    if (Date.now() - lastHousekeeping > 3600 * 1000) {
      lastHousekeeping = Date.now();
      await deleteOldMails(db);
    }
  }

  async function sendOne(mail: MailRow, context: MailContext): Promise<void> {
    const params = mail.params as unknown as MailParams;
    try {
      if (params.kind === 'password-reset' && !(await startResetClock(params.resetId, context.resetMinutes))) {
        await markFailed(db, mail.id, 'the reset ended before its mail could be sent');
        return;
      }
      const message = writeMail(params, { userId: mail.user_id }, context);
      await transport.send({ id: mail.id, from, to: mail.to_address, message });
      await markSent(db, mail.id);
      metrics.count('sent');
      logger.info({ mailId: mail.id, kind: mail.kind, attempt: mail.attempts }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if (isPermanentRefusal(error) || Date.now() - new Date(mail.created_at).getTime() > giveUpAfterMs) {
        await markFailed(db, mail.id, reason);
        metrics.count('failed');
        logger.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason }, 'mail given up: it will not be sent');
        return;
      }
      const wait = Math.min(retrySeconds * 2 ** Math.max(0, mail.attempts - 1), longestWaitSeconds);
      await markForRetry(db, mail.id, wait, reason);
      metrics.count('retried');
      logger.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, retryInSeconds: wait, reason }, 'mail not taken by the SMTP server; it will be tried again');
    }
  }

  /** A reset link works for its minutes from when its mail leaves, so a mail held back by an outage arrives usable. */
  async function startResetClock(resetId: string, minutes: number): Promise<boolean> {
    const updated = await db
      .updateTable('password_reset')
      .set({ expires_at: sql<Date>`now() + cast(${minutes} as integer) * interval '1 minute'` })
      .where('id', '=', resetId)
      .where('ended', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  schedule(0);
  return {
    wake() {
      schedule(0);
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
      metrics.stop();
      transport.close();
    },
  };
}
