// The gateway's Content-Security-Policy: pages allow the origins the remotes are configured at
// (REMOTE_*_URL) and are never framed; the documents under /v1/documents may be framed by our own
// pages (the brochure viewer's <iframe>) and by no one else.
import type { RunningGateway } from '../src/server.js';
import { remoteOrigins } from '../src/security-headers.js';
import { serviceUrls, startStandIns, startTestGateway, testSecret } from './fixture.js';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let standIns: Awaited<ReturnType<typeof startStandIns>>;
let withRemotesElsewhere: RunningGateway;
let allHere: RunningGateway;

beforeAll(async () => {
  standIns = await startStandIns({
    media: (app) => {
      app.get('/v1/documents/brochure-1.pdf', (_req, res) => {
        res.type('application/pdf').send(pdf);
      });
    },
  });
  [withRemotesElsewhere, allHere] = await Promise.all([
    startTestGateway({
      ...serviceUrls(standIns),
      PAYLOAD_SECRET: testSecret,
      REMOTE_MONSTER_URL: 'http://monster.cdn.example:3002/mf-manifest.json',
      REMOTE_LESSONS_URL: 'https://remotes.example.mn/lessons/mf-manifest.json',
      REMOTE_ADMIN_URL: 'https://remotes.example.mn/admin/mf-manifest.json',
    }),
    startTestGateway({ ...serviceUrls(standIns), PAYLOAD_SECRET: testSecret }),
  ]);
});

afterAll(async () => {
  await Promise.all([withRemotesElsewhere?.close(), allHere?.close()]);
  await standIns?.close();
});

/** The policy's directives by name, each with its sources. */
async function policyOf(url: string): Promise<{ directives: Record<string, string[]>; response: Response }> {
  const response = await fetch(url);
  await response.body?.cancel();
  const policy = response.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
  return { directives, response };
}

describe('the pages’ policy', () => {
  it.each(['/', '/product-monster-plan', '/v1/monsterplans'])('on %s allows the remotes’ origins for scripts, styles and fetches, once each', async (path) => {
    const { directives } = await policyOf(`${withRemotesElsewhere.url}${path}`);
    const remotes = ['http://monster.cdn.example:3002', 'https://remotes.example.mn'];
    expect(directives['script-src']).toEqual(["'self'", ...remotes]);
    expect(directives['connect-src']).toEqual(["'self'", ...remotes]);
    expect(directives['style-src']).toEqual(["'self'", ...remotes]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it('allows only its own origin when every remote is served by the gateway itself', async () => {
    const { directives, response } = await policyOf(`${allHere.url}/`);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('the documents under /v1/documents', () => {
  it('may be framed by our own pages only, and arrive byte-exact and unsealed', async () => {
    const response = await fetch(`${allHere.url}/v1/documents/brochure-1.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-payload-encryption')).toBeNull();
  });

  it('keep the pages’ policy for everything else under /v1', async () => {
    const { directives } = await policyOf(`${allHere.url}/v1/documents-elsewhere`);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });
});

/** Every header helmet sets, and only those: a faster way of setting them must not change one. */
const securityHeaderNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
];

const commonHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const pagePolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data: https://remotes.example.mn",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: https://remotes.example.mn https://qpay.mn",
  "object-src 'none'",
  "script-src 'self' https://remotes.example.mn",
  "script-src-attr 'none'",
  "style-src 'self' https://remotes.example.mn",
  "media-src 'self' blob:",
  "connect-src 'self' https://remotes.example.mn",
].join(';');

async function securityHeadersOf(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.body?.cancel();
  const present = securityHeaderNames.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  return Object.fromEntries(present);
}

describe('every answer’s security headers', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ ...serviceUrls(standIns), PAYLOAD_SECRET: testSecret, REMOTE_ADMIN_URL: 'https://remotes.example.mn/admin/mf-manifest.json' });
  });
  afterAll(() => gateway?.close());

  it.each(['/', '/product-monster-plan', '/v1/monsterplans', '/v1/no-such-call', '/healthz'])('are exactly the page policy’s on %s', async (path) => {
    expect(await securityHeadersOf(`${gateway.url}${path}`)).toEqual({ ...commonHeaders, 'content-security-policy': pagePolicy });
  });

  it('are exactly the documents’ policy on a PDF under /v1/documents', async () => {
    expect(await securityHeadersOf(`${gateway.url}/v1/documents/brochure-1.pdf`)).toEqual({ ...commonHeaders, 'content-security-policy': "frame-ancestors 'self'" });
  });
});

describe('the remotes’ origins', () => {
  it('are taken from absolute http(s) manifest URLs only, each once', () => {
    expect(
      remoteOrigins([
        '/remotes/home/mf-manifest.json',
        'https://remotes.example.mn/lessons/mf-manifest.json',
        'https://remotes.example.mn/admin/mf-manifest.json',
        'http://127.0.0.1:3002/mf-manifest.json',
        'javascript:alert(1)',
        'https://',
      ]),
    ).toEqual(['https://remotes.example.mn', 'http://127.0.0.1:3002']);
  });
});
