// How a written mail leaves: over SMTP with nodemailer when SMTP_URL is set, or, on a newcomer's
// machine without one, as an .eml file under <DATA_DIR>/mail whose name and links the log tells, so a
// password reset can be followed without a mail server.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@learning/kit/observability';
import nodemailer from 'nodemailer';
import type { Message } from './messages.js';

export interface Envelope {
  /** The queue row's id: the Message-ID is made of it, so a copy sent again is recognisably the same mail. */
  id: string;
  from: string;
  to: string;
  message: Message;
}

export interface MailTransport {
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/** The SMTP server refused the mail for good (a 5xx answer to it): sending it again would not help. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function mailTransport({ smtpUrl, mailDir, messageIdHost, logger }: { smtpUrl?: string | undefined; mailDir: string; messageIdHost: string; logger: Logger }): MailTransport {
  const options = (envelope: Envelope) => ({
    from: envelope.from,
    to: envelope.to,
    subject: envelope.message.subject,
    text: envelope.message.text,
    html: envelope.message.html,
    messageId: `<${envelope.id}@${messageIdHost}>`,
    ...(envelope.message.unsubscribeUrl ? { list: { unsubscribe: envelope.message.unsubscribeUrl } } : {}),
  });

  if (smtpUrl) {
    // A pool of a few connections, so a burst (a week released to every learner) reuses them; and
    // bounded waits, so a server that stops answering fails the attempt (it is retried) well within
    // the queue's lease and a graceful stop's grace, instead of nodemailer's minutes.
    const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
    return {
      async send(envelope) {
        await transporter.sendMail(options(envelope));
      },
      close: () => transporter.close(),
    };
  }

  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(envelope) {
      const { message } = (await writer.sendMail(options(envelope))) as { message: Buffer };
      await mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${envelope.id}.eml`);
      await writeFile(file, message, { mode: 0o600 });
      logger.info({ file, to: envelope.to, links: envelope.message.links }, `mail written to ${file} (SMTP_URL is not set): ${envelope.message.subject}`);
    },
    close: () => writer.close(),
  };
}
