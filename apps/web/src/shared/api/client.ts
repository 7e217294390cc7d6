import type { ErrorCode, TEnvelope } from '@palaro/contract';
import { onDemand } from '../lib/onDemand';

/**
 * A failed API call: the envelope's error code (or 'network' / 'http'), its message and value, and
 * the i18n key of the player's text for the code (none for a code the contract does not know).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;
  readonly i18nKey: string | undefined;

  constructor(code: string, message: string, status: number, value?: unknown, i18nKey?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
    this.i18nKey = i18nKey;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Error codes that mean the session is gone: the client forgets it and the player signs in again (spec §8). */
export const SESSION_LOST_CODES: readonly string[] = ['session.required', 'auth.session.expired'] satisfies ErrorCode[];

/** The error texts come with the first failure answer: errors reach the caller asynchronously anyway. */
const errorTexts = onDemand(() => import('./errorTexts'));

/**
 * The i18n key of a failure envelope's code, its text loaded in the language on screen; none when
 * the texts cannot load (the player reads the unknown-error text).
 */
function errorKeyOf(code: string, value: unknown): Promise<string | undefined> {
  const fieldKeys = Object.values(fieldMessagesOf(value));
  return errorTexts
    .load()
    .then((module) => module.errorKeyOf(code, fieldKeys))
    .catch(() => undefined);
}

type SessionLostHandler = (error: ApiError) => void;
let sessionLostHandler: SessionLostHandler | null = null;

/** The session layer registers what happens when any call answers 401 with a session-lost code. */
export function onSessionLost(handler: SessionLostHandler | null): void {
  sessionLostHandler = handler;
}

/**
 * Counts the sessions this page has reopened by itself (remember-me renewal). A 401 answering a
 * call sent before the latest reopening speaks of the old session: it fails that call but is no
 * news about the current session, so it does not reach the session-lost handler.
 */
let sessionGeneration = 0;

/** The session layer says a new session replaced the lost one. */
export function markSessionRenewed(): void {
  sessionGeneration += 1;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  params?: QueryParams;
  /** A JSON body. */
  json?: unknown;
  /** A form-urlencoded body. */
  form?: Record<string, string | number | boolean | undefined | null>;
  /** A file's raw bytes as the body (an uploaded image): the server reads its type from them. */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not treat a 401 as a lost session (sign-in and sign-out calls). */
  ignoreSessionLost?: boolean;
}

function formBody(fields: NonNullable<RequestOptions['form']>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  return body.toString();
}

/** Calls the API and returns the envelope's value; throws ApiError on a failure envelope or a network error. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | Blob | undefined;
  if (options.file) {
    headers['Content-Type'] = 'application/octet-stream';
    body = options.file;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = formBody(options.form);
  }
  const generation = sessionGeneration;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 'No Internet', 0);
  }
  let envelope: TEnvelope<T> | null;
  try {
    envelope = (await response.json()) as TEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || !('success' in envelope)) {
    throw new ApiError('http', `HTTP ${response.status}`, response.status);
  }
  if (!envelope.success) {
    const error = new ApiError(
      envelope.errorCode,
      envelope.message,
      response.status,
      envelope.value,
      await errorKeyOf(envelope.errorCode, envelope.value),
    );
    const sessionLost =
      response.status === 401 && SESSION_LOST_CODES.includes(error.code) && !options.ignoreSessionLost;
    if (sessionLost && generation === sessionGeneration) sessionLostHandler?.(error);
    throw error;
  }
  return envelope.value;
}

/** GET a JSON envelope and return its value. */
export function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>('GET', path, { params, signal });
}

export function apiPost<T>(path: string, json?: unknown, options: Omit<RequestOptions, 'json'> = {}): Promise<T> {
  return apiRequest<T>('POST', path, { ...options, json: json ?? {} });
}

export function apiDelete<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('DELETE', path, options);
}

/** POST a form-urlencoded body (spec §7: forgot password by e-mail, head icon). */
export function apiPostForm<T>(
  path: string,
  form: NonNullable<RequestOptions['form']>,
  options: Omit<RequestOptions, 'form'> = {},
): Promise<T> {
  return apiRequest<T>('POST', path, { ...options, form });
}

/** Field errors of a 400 answer (value.fields), keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? fieldMessagesOf(error.value) : {};
}

function fieldMessagesOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const fields = (value as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return {};
  const out: Record<string, string> = {};
  for (const item of fields) {
    if (item && typeof item === 'object' && 'field' in item && 'i18nKey' in item) {
      const { field, i18nKey } = item as { field: string; i18nKey: string };
      if (!out[field]) out[field] = i18nKey;
    }
  }
  return out;
}
