/** PostgreSQL's SQLSTATE for unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** How deep a chain of causes is followed: drizzle wraps the driver's error as `cause`, and callers may wrap it again. */
const MAX_CAUSE_DEPTH = 5;

/**
 * Whether `error` is, or wraps, a unique violation — of the index or constraint named
 * `constraint` when one is given. node-postgres and PGlite both raise the SQLSTATE as `code` and
 * the index's name as `constraint`; drizzle wraps that error (DrizzleQueryError) as `cause`. The
 * first unique violation found in the chain decides.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth <= MAX_CAUSE_DEPTH; depth += 1) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || violated === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
