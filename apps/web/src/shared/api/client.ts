import type { TEnvelope } from '@palaro/contract';

/** A failed API call: the envelope's error code (or 'network' / 'http'), its message and value. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(code: string, message: string, status: number, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
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

/** GET a JSON envelope and return its value; throws ApiError on a failure envelope or a network error. */
export async function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 'No Internet', 0);
  }
  let body: TEnvelope<T> | null;
  try {
    body = (await response.json()) as TEnvelope<T>;
  } catch {
    body = null;
  }
  if (!body || typeof body !== 'object' || !('success' in body)) {
    throw new ApiError('http', `HTTP ${response.status}`, response.status);
  }
  if (!body.success) throw new ApiError(body.errorCode, body.message, response.status, body.value);
  return body.value;
}
