// A real SMTP server on loopback (the smtp-server package) that keeps every mail it takes, parsed by
// mailparser, for tests to read as a learner's inbox would show it. It can be stopped and started
// again on the same port, as a mail server that goes away for a while.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually.js';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
  /** Every http(s) link of the plain text. */
  links: string[];
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The mails to `address` so far. */
  mailsTo(address: string): ReceivedMail[];
  /** Waits for `count` mails to `address` (one by default) and answers them. */
  waitForMails(address: string, count?: number): Promise<ReceivedMail[]>;
  /** Refuses every later mail to `address` for good (550), as a server that has no such mailbox. */
  refuse(address: string): void;
  /** Stops taking mails: connections are refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stop cuts the connections a client keeps open (nodemailer's pool) at once, as a server that goes away.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        if (!refused.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
            const text = mail.text ?? '';
            for (const address of to) {
              received.push({
                to: address,
                subject: mail.subject ?? '',
                text,
                html: typeof mail.html === 'string' ? mail.html : '',
                messageId: mail.messageId ?? '',
                headers: mail.headers,
                links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
              });
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();

  const mailsTo = (address: string) => received.filter((mail) => mail.to === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    waitForMails: (address, count = 1) =>
      eventually(() => mailsTo(address).length >= count && mailsTo(address), `${count} mail(s) to ${address} (${mailsTo(address).length} so far)`, 30_000),
    refuse: (address) => void refused.add(address.toLowerCase()),
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    start: listen,
  };
}
