// The fixture every integration test starts: the whole platform on ephemeral ports, on real
// PostgreSQL and RabbitMQ when DATABASE_URL and AMQP_URL are set (CI), else on in-memory PGlite
// and the in-process bus; a client that speaks the wire contract; and builders for users and tokens.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { openPayload, payloadKey } from '@learning/contracts';
import amqp from 'amqplib';
import pg from 'pg';
import { startPlatform, type Platform } from '../../../scripts/platform.js';
import { eventually } from './eventually.js';
import type { S3TestServer } from './s3.js';

// Starting the platform takes seconds on PGlite (one embedded database, a schema per service), and tests wait
// for events; on two cores busy with other work a start has taken over 30 s. Jest reads testTimeout
// from its global config only, never per project, so every test file that imports this fixture gets
// 60 s here — a guard against hangs, not a figure (outside Jest, in a benchmark, import.meta.jest is absent).
(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(60_000);

export const testAdmin = { email: 'admin@test.mn', password: 'centre-keeper-1' };
export const testPayloadSecret = 'test-payload-secret';
export const testMediaSigningSecret = 'test-media-signing-secret';
export const testBankAccountKey = 'test-bank-account-key';
export const testMailLinkSecret = 'test-mail-link-secret';

let tokenSigningKey: string | undefined;
/** The RSA key auth signs with in tests: one per test process, as making one takes a tenth of a second. */
export function testTokenSigningKey(): string {
  tokenSigningKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return tokenSigningKey;
}

export interface TestPlatformOptions {
  /** Settings of the configuration table (docs/operating.md) on top of the tests' own (PORT=0, secrets, the administrator…). */
  env?: NodeJS.ProcessEnv;
  /** Keeps the databases and files under this folder instead of in memory (restart tests). */
  dataDir?: string;
  /** Reuses a run's schemas and RabbitMQ names (restart tests); they are then not dropped on close. */
  schemaPrefix?: string;
  /**
   * Of each service and of the gateway, behind nginx (1 unless given). More than one need
   * DATABASE_URL, AMQP_URL and REDIS_URL; media then keeps its files in the S3 stand-in.
   */
  instances?: number;
}

export interface Answer<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
}

export interface TestPlatform extends Platform {
  /** Every service's schema on a shared PostgreSQL starts with this. */
  schemaPrefix: string;
  /** Calls the gateway and opens the encrypted JSON payload, as the browser's api client does. */
  call<Body = any>(method: string, path: string, options?: { body?: unknown; token?: string | undefined }): Promise<Answer<Body>>;
  /** Registers a learner with a unique email and signs them in. */
  learner(name?: string): Promise<{ id: string; email: string; password: string; token: string }>;
  signIn(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** The learner as GET /v1/auth/me shows them, once `isDone` holds (auth learns grants and results by events). */
  meOnce(learner: { email: string; token: string }, isDone: (me: any) => boolean): Promise<any>;
}

/** Calls that must succeed in a test's arrangement: anything else throws with the answer. */
export function expectStatus<Body>(answer: Answer<Body>, status: number, what: string): Body {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const schemaPrefix = options.schemaPrefix ?? `t${uniqueSuffix()}`;
  const env: NodeJS.ProcessEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.DATABASE_URL,
    AMQP_URL: process.env.AMQP_URL,
    PAYLOAD_SECRET: testPayloadSecret,
    MEDIA_SIGNING_SECRET: testMediaSigningSecret,
    BANK_ACCOUNT_KEY: testBankAccountKey,
    MAIL_LINK_SECRET: testMailLinkSecret,
    TOKEN_SIGNING_KEY: testTokenSigningKey(),
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH: '10000',
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...options.env,
  };
  const instances = options.instances ?? 1;
  // Several media instances share their files as production's do, in one S3-compatible store.
  // Loaded only then: s3rver brings a web framework of its own.
  const s3 = instances > 1 ? await import('./s3.js').then(({ startS3Server }) => startS3Server({ buckets: ['media'] })) : undefined;
  if (s3) Object.assign(env, { REDIS_URL: process.env.REDIS_URL, ...mediaInS3(s3), ...options.env });
  const platform = await startPlatform({ env, inMemory: !options.dataDir, schemaPrefix, instances }).catch(async (error: unknown) => {
    await s3?.close();
    throw error;
  });
  const key = env.PAYLOAD_SECRET ? await payloadKey(env.PAYLOAD_SECRET) : undefined;

  const call: TestPlatform['call'] = async (method, path, { body, token } = {}) => {
    const response = await fetch(platform.url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // A file (the refunds' CSV) is answered as its text.
    const isJson = /json/i.test(response.headers.get('content-type') ?? 'application/json');
    let parsed = text && isJson ? JSON.parse(text) : text || undefined;
    if (key && response.headers.get('x-payload-encryption')) parsed = JSON.parse(await openPayload(key, parsed.payload));
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const signIn = async (email: string, password: string) => {
    const { status, body } = await call('POST', '/v1/auth/login', { body: { email, password } });
    if (status !== 200) throw new Error(`sign-in of ${email} answered ${status}: ${JSON.stringify(body)}`);
    return body.token as string;
  };

  return {
    ...platform,
    schemaPrefix,
    async close() {
      await platform.close();
      await s3?.close();
      // A shared PostgreSQL keeps no test's schemas behind, unless the test chose its prefix to reuse it.
      if (env.DATABASE_URL && !options.schemaPrefix) await dropSchemas(env.DATABASE_URL, schemaPrefix);
      if (env.AMQP_URL && !options.schemaPrefix) await deleteBusNamespace(env.AMQP_URL, schemaPrefix, Object.keys(platform.services));
    },
    call,
    signIn,
    adminToken: () => signIn(testAdmin.email, testAdmin.password),
    async learner(name = 'Сурагч') {
      const email = `learner-${uniqueSuffix()}@test.mn`;
      const password = 'learner-password-1';
      const { status, body } = await call('POST', '/v1/auth/register', { body: { email, name, password, repeatPassword: password } });
      if (status !== 201) throw new Error(`registration answered ${status}: ${JSON.stringify(body)}`);
      return { id: body._id as string, email, password, token: await signIn(email, password) };
    },
    async meOnce(learner, isDone) {
      let last: unknown;
      try {
        return await eventually(async () => {
          last = expectStatus(await call('GET', '/v1/auth/me', { token: learner.token }), 200, '/v1/auth/me');
          return isDone(last) && last;
        }, `/v1/auth/me of ${learner.email} shows the change`);
      } catch (error) {
        throw new Error(`${(error as Error).message}; it shows ${JSON.stringify(last)}`, { cause: error });
      }
    },
  };
}

/** Media's settings for the S3 stand-in's bucket `media`. */
export function mediaInS3(s3: S3TestServer): NodeJS.ProcessEnv {
  return {
    MEDIA_STORAGE: 's3',
    MEDIA_S3_BUCKET: 'media',
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    MEDIA_S3_FORCE_PATH_STYLE: '1',
  };
}

export async function dropSchemas(databaseUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'SELECT schema_name AS name FROM information_schema.schemata WHERE starts_with(schema_name, $1)',
      [`${prefix}_`],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Deletes the queues and exchanges a test run made on RabbitMQ (see `busNamespace` in the kit). */
export async function deleteBusNamespace(amqpUrl: string, namespace: string, subscribers: string[]): Promise<void> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const subscriber of subscribers) {
      await channel.deleteQueue(`${namespace}.${subscriber}.events`);
      await channel.deleteQueue(`${namespace}.${subscriber}.dead-letter`);
    }
    await channel.deleteExchange(`${namespace}.events`);
    await channel.deleteExchange(`${namespace}.events.dead-letter`);
  } finally {
    await connection.close();
  }
}
