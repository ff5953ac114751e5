// One trace for an approval, as an operator sees it in a tracing back end: the browser's traceparent,
// the gateway's and the catalog's server spans, the outbox relay's publish of
// `monsterplan-request.approved` and auth's consumer span, received over OTLP/HTTP (JSON) by a
// stand-in collector here; and the log lines of the call carry its trace id. The platform runs in a
// child process started with the tracing register module, on RabbitMQ and PostgreSQL when AMQP_URL
// and DATABASE_URL are set, else on the in-process bus and PGlite.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eventually } from '@learning/testing';

(import.meta as ImportMeta & { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(240_000);

const root = fileURLToPath(new URL('../..', import.meta.url));
const spanKind = { server: 2, client: 3, producer: 4, consumer: 5 };

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
  /** The resource's service.name: the process. */
  process: string;
}

const received: ExportedSpan[] = [];
let collector: Server;
let platform: ChildProcess;
let output = '';
let arranged: { url: string; admin: string; requestId: string };

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        for (const { resource, scopeSpans } of JSON.parse(body).resourceSpans) {
          const process = resource.attributes.find((attribute: { key: string }) => attribute.key === 'service.name')?.value.stringValue;
          for (const { spans } of scopeSpans) for (const span of spans) received.push({ ...span, process });
        }
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;

  platform = spawn(process.execPath, ['--import', 'tsx', '--import', '@learning/kit/tracing-register', 'scripts/test/traced-platform.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.AMQP_URL ? { AMQP_URL: process.env.AMQP_URL } : {}),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_SERVICE_NAME: 'traced-platform',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  platform.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  platform.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const arrangedLine = await eventually(
    () => {
      if (platform.exitCode !== null) throw new Error(`the platform exited with ${platform.exitCode}:\n${output}`);
      return logLines().find((line) => line.arranged)?.arranged;
    },
    'the platform has arranged a pending request',
    180_000,
  );
  arranged = arrangedLine as typeof arranged;
}, 240_000);

afterAll(async () => {
  if (platform && platform.exitCode === null) {
    const exited = new Promise((resolve) => platform.once('exit', resolve));
    platform.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => collector?.close(resolve));
});

it('approving a Monster plan request is one trace from the browser’s call through the gateway, the catalog and RabbitMQ to auth, and its log lines carry the trace id', async () => {
  const traceId = randomBytes(16).toString('hex');
  const browserSpanId = randomBytes(8).toString('hex');
  const answer = await fetch(`${arranged.url}/v1/monsterplan-requests/${arranged.requestId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${arranged.admin}`, traceparent: `00-${traceId}-${browserSpanId}-01` },
  });
  expect(answer.status).toBe(200);

  const consumed = await eventually(
    () => received.find((span) => span.traceId === traceId && span.kind === spanKind.consumer && serviceOf(span) === 'auth'),
    'auth’s consumer span of the approval has been exported',
  );
  const trace = received.filter((span) => span.traceId === traceId);
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const ancestorsOf = (span: ExportedSpan) => {
    const ancestors: ExportedSpan[] = [];
    for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) ancestors.push(parent);
    return ancestors;
  };

  const gateway = trace.find((span) => span.kind === spanKind.server && serviceOf(span) === 'gateway');
  const catalog = trace.find((span) => span.kind === spanKind.server && serviceOf(span) === 'catalog');
  const published = trace.find((span) => span.kind === spanKind.producer && serviceOf(span) === 'catalog');
  expect(gateway?.parentSpanId).toBe(browserSpanId);
  expect(gateway?.name).toBe('PUT');
  expect(catalog?.name).toBe('PUT /v1/monsterplan-requests/:id');
  expect(ancestorsOf(catalog!)).toContain(gateway);
  expect(published?.name).toBe('publish monsterplan-request.approved');
  expect(ancestorsOf(published!)).toContain(catalog);
  expect(consumed.name).toBe('process monsterplan-request.approved');
  expect(consumed.parentSpanId).toBe(published!.spanId);
  expect(attributeOf(consumed, 'messaging.consumer.group.name')).toMatch(/auth$/);
  expect(new Set(trace.map((span) => span.process))).toEqual(new Set(['traced-platform']));

  const callLines = logLines().filter((line) => line.msg === 'request' && line.url === `/v1/monsterplan-requests/${arranged.requestId}`);
  expect(callLines.map((line) => [line.name, line.trace_id]).sort()).toEqual([
    ['catalog', traceId],
    ['gateway', traceId],
  ]);
});

function serviceOf(span: ExportedSpan): string | undefined {
  return attributeOf(span, 'platform.service');
}

function attributeOf(span: ExportedSpan, key: string): string | undefined {
  return span.attributes.find((attribute) => attribute.key === key)?.value.stringValue;
}

function logLines(): any[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return {};
      }
    });
}
