// Calls through the gateway whose every answer is checked against the OpenAPI document, as a client
// from another team checks them: its status is one its operation declares (or one the `default` answer
// names); a JSON body is sealed and valid against the declared schema (OpenAPI 3.1's schemas are JSON
// Schema 2020-12, checked by Ajv), and an error's code is one its status names; a file is of a declared
// media type; a declared header is there. Each call is counted under the operation it matched, so a
// test can name the operations it never called.
import { request, type IncomingHttpHeaders } from 'node:http';
import { openPayload, payloadEncryptionHeader, payloadKey } from '@learning/contracts';
import { testPayloadSecret } from '@learning/testing';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

type JsonSchema = Record<string, any>;

export interface DocumentedAnswer<Body = any> {
  /** The document's operation the call matched, e.g. `GET /v1/users/{id}`. */
  operation: string;
  status: number;
  /** A JSON body (opened from its sealed payload), a text file's text, or undefined. */
  body: Body;
  bytes: Buffer;
  headers: Headers;
}

export interface CallOptions {
  token?: string | undefined;
  /** A JSON body. */
  body?: unknown;
  /** A multipart form, as the browser uploads a file. */
  form?: FormData;
  /** Any other body: a question bank as text/csv. */
  text?: { type: string; content: string };
  /** Range, If-None-Match. */
  headers?: Record<string, string>;
}

export interface DocumentedCalls {
  /** Calls the gateway; throws, naming the operation, when the answer is not what the document declares. */
  call<Body = any>(method: string, path: string, options?: CallOptions): Promise<DocumentedAnswer<Body>>;
  /** What the document's schema of the operation's JSON body finds wrong with `body` (nothing: it takes it). */
  requestBodyProblems(operation: string, body: unknown): string[];
  /** The document's schema of the operation's JSON body. */
  requestBodySchema(operation: string): JsonSchema;
  /** Every operation of the document, `METHOD /path`. */
  operations: string[];
  /** The statuses each operation called has answered. */
  answered: Map<string, Set<number>>;
  /** The last body each operation took: a call that changes only the ids sends it again. */
  acceptedBodies: Map<string, Pick<CallOptions, 'body' | 'form' | 'text'>>;
}

interface Operation {
  key: string;
  method: string;
  pattern: RegExp;
  /** Literal segments: `/v1/lesson-requests/total-new-requests` is chosen over `/v1/lesson-requests/{id}`. */
  literals: number;
  definition: JsonSchema;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const componentsId = 'urn:openapi:components';

export async function documentedCalls(document: JsonSchema, baseUrl: string): Promise<DocumentedCalls> {
  const key = await payloadKey(testPayloadSecret);
  // strictRequired off: the `required` lists of a body's `oneOf` name properties declared beside the `oneOf`, as JSON Schema allows.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  formats.default(ajv);
  ajv.addSchema({ $id: componentsId, $defs: withComponentRefs(document.components.schemas) });
  const validators = new WeakMap<JsonSchema, ValidateFunction>();
  const validatorOf = (schema: JsonSchema) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(withComponentRefs(schema))));
    return validate;
  };
  const problemsAgainst = (schema: JsonSchema, value: unknown) => {
    const validate = validatorOf(schema);
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || 'the body'} ${error.message} (${error.schemaPath})`);
  };

  const operations = operationsOf(document);
  const answered = new Map<string, Set<number>>();
  const acceptedBodies: DocumentedCalls['acceptedBodies'] = new Map();
  const requestSchemaOf = (operation: Operation): JsonSchema | undefined => operation.definition.requestBody?.content?.['application/json']?.schema;

  const call: DocumentedCalls['call'] = async (method, path, options = {}) => {
    const operation = operationOf(operations, method, path);
    if (!operation) throw new Error(`${method} ${path} is no operation of the document`);
    const sent = await bodyOf(options);
    const headers = { ...sent.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
    const answer = await send(new URL(path, baseUrl), method, headers, sent.bytes);
    const contentType = String(answer.headers['content-type'] ?? '');
    const isSealed = answer.headers[payloadEncryptionHeader] !== undefined;
    let body: any;
    if (answer.bytes.length > 0 && mediaTypeOf(contentType) === 'application/json') {
      body = JSON.parse(answer.bytes.toString('utf8'));
      if (isSealed) body = JSON.parse(await openPayload(key, body.payload));
    } else if (answer.bytes.length > 0 && /^text\/|mpegurl/.test(mediaTypeOf(contentType))) {
      body = answer.bytes.toString('utf8');
    }

    const problems = answerProblems(operation.definition, { ...answer, contentType, body, isSealed }, problemsAgainst);
    const requestSchema = requestSchemaOf(operation);
    if (answer.status < 300 && options.body !== undefined && requestSchema) {
      problems.push(...problemsAgainst(requestSchema, options.body).map((problem) => `it took a body the document refuses: ${problem}`));
    }
    if (problems.length > 0) {
      const shown = body === undefined ? `${answer.bytes.length} bytes of ${contentType || 'nothing'}` : JSON.stringify(body).slice(0, 600);
      throw new Error(`${method} ${path} (${operation.key}) answered ${answer.status}: ${problems.join('; ')}. The answer: ${shown}`);
    }
    if (!answered.has(operation.key)) answered.set(operation.key, new Set());
    answered.get(operation.key)!.add(answer.status);
    if (answer.status < 300 && sent.bytes) acceptedBodies.set(operation.key, { body: options.body, form: options.form, text: options.text });
    return { operation: operation.key, status: answer.status, body, bytes: answer.bytes, headers: headersOf(answer.headers) };
  };

  const requestBodySchema = (key: string) => {
    const operation = operations.find((candidate) => candidate.key === key);
    const schema = operation && requestSchemaOf(operation);
    if (!schema) throw new Error(`${key} takes no JSON body in the document`);
    return schema;
  };

  return {
    call,
    requestBodyProblems: (key, body) => problemsAgainst(requestBodySchema(key), body),
    requestBodySchema,
    operations: operations.map((operation) => operation.key),
    answered,
    acceptedBodies,
  };
}

/** What is wrong with an answer by the operation's declared responses; nothing when it is as declared. */
function answerProblems(
  definition: JsonSchema,
  answer: { status: number; headers: IncomingHttpHeaders; bytes: Buffer; contentType: string; body: unknown; isSealed: boolean },
  problemsAgainst: (schema: JsonSchema, value: unknown) => string[],
): string[] {
  const responses: Record<string, JsonSchema> = definition.responses;
  // `default` stands for the statuses its description names (500, and the gateway's 502 and 503), no others.
  const defaultStatuses = (String(responses.default?.description ?? '').match(/\b[1-5]\d\d\b/g) ?? []).map(Number);
  const response = responses[answer.status] ?? (defaultStatuses.includes(answer.status) ? responses.default : undefined);
  const declaredStatuses = Object.keys(responses).map((status) => (status === 'default' ? `default (${defaultStatuses.join(', ')})` : status));
  if (!response) return [`the document declares no ${answer.status} for it (only ${declaredStatuses.join(', ')})`];

  const missingHeaders = Object.keys(response.headers ?? {}).filter((name) => answer.headers[name.toLowerCase()] === undefined);
  if (missingHeaders.length > 0) return [`no ${missingHeaders.join(', ')} header, which the document declares`];
  const content: Record<string, JsonSchema> = response.content ?? {};
  const declaredTypes = Object.keys(content);
  const type = mediaTypeOf(answer.contentType);
  if (answer.bytes.length === 0) return declaredTypes.length === 0 ? [] : [`no body, where the document declares ${declaredTypes.join(', ')}`];
  if (declaredTypes.length === 0) return [`a body (${type}), where the document declares none`];
  const declared = declaredTypes.find((candidate) => mediaTypeMatches(candidate, type));
  if (!declared) return [`a body of ${type || 'no type'}, where the document declares ${declaredTypes.join(', ')}`];
  if (type !== 'application/json') return [];
  const problems = answer.isSealed ? [] : ['a JSON body not sealed, where the document says every JSON body from /v1 is'];
  // An error's answer names the codes its status carries, each as `code`.
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  if (answer.status >= 400 && typeof code === 'string' && !String(response.description).includes(`\`${code}\``)) {
    problems.push(`the code ${code}, which the document does not name for ${answer.status} ("${response.description}")`);
  }
  const schema = content[declared]!.schema;
  if (!schema) return [...problems, 'JSON, where the document declares no schema'];
  return [...problems, ...problemsAgainst(schema, answer.body)];
}

/** `video/mp4` from `video/mp4; charset=…`. */
function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** OpenAPI's media type ranges: `video/*` takes `video/webm`. */
function mediaTypeMatches(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

/** The schema with its `#/components/schemas/…` references pointing at the components Ajv was given. */
function withComponentRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withComponentRefs) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      name === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', `${componentsId}#/$defs/`) : withComponentRefs(inner),
    ]),
  ) as T;
}

function operationsOf(document: JsonSchema): Operation[] {
  return Object.entries(document.paths as Record<string, JsonSchema>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, definition]: [string, JsonSchema]) => {
        // A parameter the document says may hold `/` (a document's name, a ladder's file) spans segments.
        const spansSegments = new Set(
          (definition.parameters ?? []).filter((parameter: JsonSchema) => /may hold (one )?`\/`/.test(parameter.description ?? '')).map((parameter: JsonSchema) => parameter.name),
        );
        const segments = path.split('/').slice(1);
        const pattern = segments
          .map((segment) => {
            const name = /^\{(\w+)\}$/.exec(segment)?.[1];
            if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            return spansSegments.has(name) ? '.+' : '[^/]+';
          })
          .join('/');
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          pattern: new RegExp(`^/${pattern}$`),
          literals: segments.filter((segment) => !segment.startsWith('{')).length,
          definition,
        };
      }),
  );
}

function operationOf(operations: Operation[], method: string, url: string): Operation | undefined {
  const path = url.split('?')[0]!;
  return operations
    .filter((operation) => operation.method === method.toUpperCase() && operation.pattern.test(path))
    .sort((a, b) => b.literals - a.literals)[0];
}

async function bodyOf({ body, form, text }: CallOptions): Promise<{ headers: Record<string, string>; bytes?: Buffer }> {
  if (body !== undefined) return { headers: { 'content-type': 'application/json' }, bytes: Buffer.from(JSON.stringify(body)) };
  if (text) return { headers: { 'content-type': text.type }, bytes: Buffer.from(text.content) };
  if (!form) return { headers: {} };
  // The form encoded as fetch encodes it, boundary and all.
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { headers: { 'content-type': encoded.headers.get('content-type')! }, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

/**
 * One request with exactly these headers. Not fetch: it adds `Cache-Control: no-cache` to a conditional
 * request, which asks for the whole file again rather than a 304.
 */
function send(url: URL, method: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
