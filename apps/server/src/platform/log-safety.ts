/**
 * What may reach a log line from an error or a URL. A failed query's error carries its SQL and
 * bound parameters (member ids, session-token hashes), a pg error's `detail` the values of a
 * violated key, a URL the launch token, reset token or code in its query: none of them is written.
 * docs/SECURITY.md promises it; the tests in log-safety.test.ts hold it.
 */

export const REDACTED = '[redacted]';

/**
 * Parameter names whose value is a credential: any name containing one of the first group
 * (launchToken, resetToken, sessionId, client_secret, …), or exactly one of the second (a `code`,
 * not a `gameCode`). Compared lower-case without `-` and `_`.
 */
const SECRET_PARAMETER =
  /token|secret|passw|pwd|signature|session|otp|ticket|jwt|credential|apikey|accesskey|privatekey|^(code|smscode|verifycode|verificationcode|authcode|sign|sig|key|hash|state|nonce|auth|authorization)$/;

/** How deep a URL inside a parameter (`back=/m/play?token=…`) is looked into. */
const MAX_NESTED_URLS = 2;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

export function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER.test(decoded(name).toLowerCase().replaceAll(/[-_]/g, ''));
}

function redactParameters(parameters: string, depth: number): string {
  return parameters
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      if (isSecretParameter(name)) return `${name}=${REDACTED}`;
      const value = decoded(pair.slice(equals + 1));
      if (depth >= MAX_NESTED_URLS || !/[?#]/.test(value)) return pair;
      const inner = redactUrl(value, depth + 1);
      return inner === value ? pair : `${name}=${encodeURIComponent(inner)}`;
    })
    .join('&');
}

/** The URL with the value of every secret parameter of its query and fragment replaced by `[redacted]`. */
export function redactUrl(url: string, depth = 0): string {
  const queryAt = url.indexOf('?');
  const fragmentAt = url.indexOf('#');
  if (queryAt < 0 && fragmentAt < 0) return url;
  const end = (at: number) => (at < 0 ? url.length : at);
  const pathEnd = Math.min(end(queryAt), end(fragmentAt));
  let redacted = url.slice(0, pathEnd);
  if (queryAt >= 0 && (fragmentAt < 0 || queryAt < fragmentAt))
    redacted += `?${redactParameters(url.slice(queryAt + 1, end(fragmentAt)), depth)}`;
  if (fragmentAt >= 0) redacted += `#${redactParameters(url.slice(fragmentAt + 1), depth)}`;
  return redacted;
}

/** Every URL in a text (a message's link) redacted. */
export function redactUrlsInText(text: string): string {
  return text.replaceAll(/(?:https?:\/\/|\/)[^\s?#]*[?#]\S*/g, (url) => redactUrl(url));
}

/** The fields of an error worth keeping: codes and names of things, never values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
] as const;
const MAX_MESSAGE_CHARS = 300;
const MAX_CAUSE_DEPTH = 5;
const MAX_AGGREGATED_ERRORS = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
}

/** The class's name: drizzle's errors leave `name` as "Error". */
function errorType(error: Error): string {
  return error.constructor?.name || error.name;
}

/** drizzle's DrizzleQueryError: its message is "Failed query: <sql>\nparams: <values>". */
function isFailedQuery(error: Error): error is Error & { query: string } {
  return typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
}

/** A query named without its text: "select … "game_providers"" (the verb and the first table). */
function querySummary(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|join)\s+("?[\w.]+"?)/i.exec(query)?.[1];
  return table ? `${verb} … ${table}` : verb;
}

/** The error's message without SQL text or values: a pg error's quoted value (`…: "abc"`) masked too. */
export function safeErrorMessage(error: Error): string {
  if (isFailedQuery(error)) return `Failed query (${querySummary(error.query)})`;
  const message = 'severity' in error ? error.message.replaceAll(/:\s*"[^"]*"/g, ': "…"') : error.message;
  return message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message;
}

/**
 * pino's serializer for `err`: the type, the safe message, codes, and the stack's frames (its
 * first line, the message, rewritten), then the same of each cause. Nothing else of the error is
 * copied: not drizzle's `query`/`params`, not pg's `detail`, `where`, `internalQuery`.
 * `withStack: false` for an expected condition (a database outage) whose stack tells nothing.
 */
export function serializeError(error: unknown, options: { withStack?: boolean } = {}, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const type = errorType(error);
  const message = safeErrorMessage(error);
  const logged: LoggedError = { type, message };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (options.withStack !== false && error.stack) {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    logged.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (error instanceof AggregateError) {
    logged.errors = error.errors
      .slice(0, MAX_AGGREGATED_ERRORS)
      .map((inner) => serializeError(inner, options, depth + 1) as LoggedError);
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(error.cause, options, depth + 1) as LoggedError;
  return logged;
}

/** One line for an error and its causes, as safe as `serializeError`: what a job's record keeps of its failure. */
export function describeError(error: Error): string {
  const parts = [`${errorType(error)}: ${safeErrorMessage(error)}`];
  for (
    let cause = error.cause, depth = 0;
    cause instanceof Error && depth < MAX_CAUSE_DEPTH;
    cause = cause.cause, depth += 1
  ) {
    parts.push(safeErrorMessage(cause));
  }
  return parts.join('; caused by: ');
}
