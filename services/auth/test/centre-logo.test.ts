// The centre's logo: CENTRE_LOGO_URL until an administrator uploads one (a real PNG and WebP made by
// ffmpeg), which /v1/centre, the header's source, and every mail then carry; removing it goes back.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPayload, payloadKey } from '@learning/contracts';
import { expectStatus, startTestPlatform, testPayloadSecret, type TestPlatform } from '@learning/testing';
import { startSmtpServer, type TestSmtpServer } from '@learning/testing/smtp';

const configuredLogo = 'https://cdn.test.mn/logo.png';
const publicUrl = 'https://learn.test.mn';
let platform: TestPlatform;
let smtp: TestSmtpServer;
let admin: string;
let pictures: string;

beforeAll(async () => {
  pictures = await mkdtemp(join(tmpdir(), 'logo-'));
  for (const name of ['logo.png', 'logo.webp']) {
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x2f4ad0:s=96x96', '-frames:v', '1', '-y', join(pictures, name)]);
  }
  smtp = await startSmtpServer();
  platform = await startTestPlatform({ env: { CENTRE_LOGO_URL: configuredLogo, PUBLIC_URL: publicUrl, SMTP_URL: smtp.url, MAIL_FROM: 'Төв <no-reply@test.mn>', SEED_DEMO: '0' } });
  admin = await platform.adminToken();
});
afterAll(async () => {
  await platform?.close();
  await smtp?.stop();
  await rm(pictures, { recursive: true, force: true });
});

/** Sends a file as the admin page does: multipart, field `file`, through the gateway. */
async function upload(bytes: Uint8Array | string, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${platform.url}/v1/centre/logo`, { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body: form });
  const sealed = (await response.json()) as { payload: string };
  return { status: response.status, body: JSON.parse(await openPayload(await payloadKey(testPayloadSecret), sealed.payload)) };
}

const centre = async () => expectStatus(await platform.call('GET', '/v1/centre'), 200, 'the centre');

async function resetMail() {
  const learner = await platform.learner();
  await platform.call('POST', '/v1/auth/password-reset', { body: { email: learner.email } });
  const [mail] = await smtp.waitForMails(learner.email);
  return mail!;
}

it('shows CENTRE_LOGO_URL until an administrator uploads a logo, then the uploaded one, in the answer and the mails', async () => {
  expect((await centre()).logoUrl).toBe(configuredLogo);
  const png = await readFile(join(pictures, 'logo.png'));

  const { status, body } = await upload(png, 'logo.png', 'image/png');
  expect(status).toBe(200);
  expect(body.logoUrl).toMatch(/^\/v1\/centre\/logo\?v=[\w-]{16}$/);
  expect((await centre()).logoUrl).toBe(body.logoUrl);

  const served = await fetch(platform.url + body.logoUrl);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
  expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  const again = await fetch(platform.url + body.logoUrl, { headers: { 'if-none-match': served.headers.get('etag')! } });
  expect(again.status).toBe(304);

  expect((await resetMail()).html).toContain(`<img src="${publicUrl}${body.logoUrl}"`);
});

it('a new upload gets a new address; removing it goes back to CENTRE_LOGO_URL, and the picture is gone', async () => {
  const first = (await upload(await readFile(join(pictures, 'logo.png')), 'logo.png', 'image/png')).body.logoUrl;
  const { status, body } = await upload(await readFile(join(pictures, 'logo.webp')), 'logo.webp', 'image/webp');
  expect(status).toBe(200);
  expect(body.logoUrl).not.toBe(first);
  expect((await fetch(platform.url + body.logoUrl)).headers.get('content-type')).toBe('image/webp');

  const removed = await platform.call('DELETE', '/v1/centre/logo', { token: admin });
  expect(removed.status).toBe(200);
  expect(removed.body.logoUrl).toBe(configuredLogo);
  const gone = await platform.call('GET', '/v1/centre/logo');
  expect(gone.status).toBe(404);
  expect(gone.body).toEqual({ message: 'Төвийн лого байршуулаагүй байна.', code: 'logo_not_found' });
});

it('refuses what is not a PNG, JPEG or WebP picture, one too large and a form without the file, in Mongolian, keeping the logo it had', async () => {
  await upload(await readFile(join(pictures, 'logo.png')), 'logo.png', 'image/png');
  const kept = (await centre()).logoUrl;

  const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml');
  expect(svg).toEqual({ status: 415, body: { message: 'Лого PNG, JPEG эсвэл WebP зураг байх ёстой.', code: 'logo_not_image' } });
  const renamed = await upload('not a picture at all', 'logo.png', 'image/png');
  expect(renamed.body.code).toBe('logo_not_image');

  const large = await upload(Buffer.concat([await readFile(join(pictures, 'logo.png')), Buffer.alloc(513 * 1024)]), 'logo.png', 'image/png');
  expect(large).toEqual({ status: 413, body: { message: 'Лого 512 КБ-аас ихгүй байх ёстой.', code: 'logo_too_large' } });

  const form = new FormData();
  form.append('name', 'logo');
  const empty = await fetch(`${platform.url}/v1/centre/logo`, { method: 'PUT', headers: { authorization: `Bearer ${admin}` }, body: form });
  expect(empty.status).toBe(400);

  expect((await centre()).logoUrl).toBe(kept);
});
