import type { Queryable } from './database';

/**
 * A statement of a hot read built once per query handle instead of once per call. drizzle builds
 * a query's text anew on every call — for a page of records a tenth of the request's CPU — and an
 * unnamed statement is parsed and planned again by PostgreSQL each time. Built with drizzle's
 * `.prepare(name)` and `sql.placeholder(...)` for the values, the text is made once, and on
 * PostgreSQL the statement is parsed once per pooled connection and then only bound and executed
 * (PGlite ignores the name). Kept per handle (the app's database, or a transaction while it
 * lasts), since a prepared query is bound to the handle that made it.
 */
export function preparedPerHandle<T>(build: (q: Queryable) => T): (q: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (q) => {
    let statement = built.get(q);
    if (statement === undefined) {
      statement = build(q);
      built.set(q, statement);
    }
    return statement;
  };
}
