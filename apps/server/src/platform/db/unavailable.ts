/**
 * Whether an error means "the database cannot be reached now" — a restart, a failover, an
 * administrator ending connections, a network cut — rather than a fault of the request or of the
 * code. The one place that knows: the HTTP layer answers these 503 with Retry-After (try again in
 * a moment) instead of 500, and the LISTEN connection logs them as an outage, not as a bug. Also
 * the one place that knows a transaction collided with another (isTransactionConflict, below).
 */

/** SQLSTATEs of a lost or refused connection (PostgreSQL's classes 08 and 57P, and 53300). */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '57P01', // admin_shutdown: pg_terminate_backend, or the server shutting down
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or stopping
  '53300', // too_many_connections
]);

/** Node's codes for a connection that could not be made or was cut. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a dead or unobtainable connection by message only (no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
];

/** How deep a chain of causes is followed (drizzle wraps the driver's error as `cause`). */
const MAX_CAUSE_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Connecting to a host with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** What a client is told to wait before retrying: about as long as a database restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a transaction PostgreSQL aborted for colliding with others, not for anything wrong
 * in it: run again, it passes. database.ts runs such a transaction again itself (a few times).
 */
const CONFLICT_SQLSTATES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);

/** Whether an error means "this transaction collided with another": a deadlock or a serialization failure. */
export function isTransactionConflict(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
  return isTransactionConflict(error.cause, depth + 1);
}

/** What a client is told to wait when a transaction still collided after the server's own retries: contention passes quickly. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
