// The client of the gateway's /v1 API: bearer token from storage, JSON in and out, the payload
// envelope of DESIGN.md opened with the secret from /config.json, and every failure as an ApiError.
import { openPayload, payloadEncryptionHeader, payloadEncryptionScheme, payloadKey } from '@learning/contracts';
import { loadRuntimeConfig } from './config';
import { i18n } from './i18n';
import { tokenStore } from './token';

/** A failed call: `message` is fit to show a learner (the server's, or the fallback 'Алдаа'). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the server could not be reached or its answer could not be read. */
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as is when it is FormData (multipart uploads). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

const fallbackMessage = () => i18n.t('error.fallback', { ns: 'common' });

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers = callHeaders();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }

  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  return readAnswer<T>(response.status, response.headers.get(payloadEncryptionHeader), text);
}

/**
 * What every call sends: JSON accepted, the bearer token from storage when there is one, and a W3C
 * traceparent that starts the call's trace (sampled), which the gateway and the services continue.
 */
export function callHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', traceparent: newTraceparent() };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** A new trace's id and this call's span id, random as W3C Trace Context asks; flag 01: sampled. */
export function newTraceparent(): string {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `00-${hex.slice(0, 32)}-${hex.slice(32)}-01`;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
};

/**
 * An answer's body as the caller gets it (fetch here, XMLHttpRequest in upload.ts): the JSON, opened
 * when the gateway sealed it; an error status becomes an ApiError with the server's message and code.
 */
export async function readAnswer<T>(status: number, encryption: string | null, text: string): Promise<T> {
  const isOk = status >= 200 && status < 300;
  const answer = await readBody(isOk, encryption, text);
  if (!isOk) {
    const { message, code } = (answer ?? {}) as { message?: unknown; code?: unknown };
    throw new ApiError(
      status,
      typeof message === 'string' && message ? message : fallbackMessage(),
      typeof code === 'string' ? code : 'unknown_error',
    );
  }
  return answer as T;
}

/** The error of a call that never got an answer (the server could not be reached). */
export const networkError = () => new ApiError(0, fallbackMessage(), 'network_error');

async function readBody(isOk: boolean, encryption: string | null, text: string): Promise<unknown> {
  if (!text) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (!isOk) return undefined;
    throw new ApiError(0, fallbackMessage(), 'unreadable_answer');
  }
  if (encryption !== payloadEncryptionScheme) return body;
  try {
    return JSON.parse(await openEnvelope(body));
  } catch (error) {
    // An error answer that cannot be opened still fails with its status (a 401 must end the session).
    if (!isOk) return undefined;
    throw error;
  }
}

let cachedKey: { secret: string; key: Promise<CryptoKey> } | null = null;

async function openEnvelope(body: unknown): Promise<string> {
  const payload = (body as { payload?: unknown } | null)?.payload;
  try {
    const { payloadSecret } = await loadRuntimeConfig();
    if (!payloadSecret || typeof payload !== 'string') throw new Error('No secret or no payload');
    if (cachedKey?.secret !== payloadSecret) cachedKey = { secret: payloadSecret, key: payloadKey(payloadSecret) };
    return await openPayload(await cachedKey.key, payload);
  } catch {
    throw new ApiError(0, fallbackMessage(), 'unreadable_answer');
  }
}

export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
