// Without SMTP_URL (a newcomer's `npm start`), each mail is written as an .eml file under
// <DATA_DIR>/mail, and the log names the file and the links it carries.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { linkSigner } from '../src/mail/links.js';
import { writeMail } from '../src/mail/messages.js';
import { mailTransport } from '../src/mail/transport.js';

it('writes the mail as an .eml file a mail program opens, and logs the file and its link', async () => {
  const mailDir = join(await mkdtemp(join(tmpdir(), 'mail-')), 'mail');
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const context = { centre: { name: 'Төв', phone: null, email: 'info@centre.mn', address: null, facebookUrl: null, logoUrl: null }, publicUrl: 'http://localhost:8080', signer: linkSigner('a-test-secret-of-sorts'), resetMinutes: 30 };
  const message = writeMail({ kind: 'password-reset', resetId: '6a1f0b1e-0000-4000-8000-000000000001' }, { userId: null }, context);
  const transport = mailTransport({ mailDir, messageIdHost: 'localhost', logger });

  await transport.send({ id: '6a1f0b1e-0000-4000-8000-0000000000aa', from: '"Төв" <no-reply@localhost>', to: 'learner@test.mn', message });

  const [file] = await readdir(mailDir);
  expect(file).toMatch(/\.eml$/);
  expect((await stat(join(mailDir, file!))).mode & 0o777).toBe(0o600);
  const mail = await simpleParser(await readFile(join(mailDir, file!)));
  expect(mail.subject).toBe('Нууц үг сэргээх · Төв');
  expect(mail.messageId).toBe('<6a1f0b1e-0000-4000-8000-0000000000aa@localhost>');
  expect(mail.text).toContain(message.links[0]);
  expect(mail.text).toContain('Имэйл: info@centre.mn');
  const logged = JSON.parse(lines.find((line) => line.includes('mail written'))!);
  expect(logged.file).toBe(join(mailDir, file!));
  expect(logged.links).toEqual([expect.stringMatching(/^http:\/\/localhost:8080\/reset-password#token=[\w-]{43}$/)]);
});
