import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, fieldError } from '@palaro/contract';
import { DomainError } from './errors';

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL refuses U+0000 in text and jsonb alike; a lone surrogate has no UTF-8 form, so
 * node-postgres and PGlite silently store U+FFFD in its place in text, and jsonb refuses it.
 */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that cannot be stored (U+0000 or half of a surrogate pair)';

/**
 * Arrays and the plain objects that JSON, form and query parsers make (Fastify's query and params
 * objects have a prototype that itself has none); never Buffers or streams.
 */
function isParsedContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let step: Visit | null = visit; step && step.key !== null; step = step.parent) path.push(step.key);
  return path.reverse();
}

/**
 * The path of the first string (object key or value) in a parsed request part that the database
 * cannot store, or null when there is none. Walks with its own stack: a deeply nested body must
 * not overflow the call stack.
 */
export function unstorableTextPath(value: unknown): string[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (!isStorable(visit.value)) return pathTo(visit);
    } else if (isParsedContainer(visit.value)) {
      for (const [key, child] of Object.entries(visit.value)) {
        const childVisit = { value: child, key, parent: visit };
        if (!isStorable(key)) return pathTo(childVisit);
        pending.push(childVisit);
      }
    }
  }
  return null;
}

/** Throws the validation error naming the field when `value` holds text the database cannot store. */
export function assertStorableText(value: unknown, part: string): void {
  const path = unstorableTextPath(value);
  if (path === null) return;
  const field = path.join('.') || part;
  throw new DomainError(ERROR_CODES.validation, 'The request is not valid', {
    fields: [{ field, i18nKey: fieldError(field).i18nKey, message: UNSTORABLE_TEXT_MESSAGE }],
  });
}

/**
 * The one rule for text reaching the database, applied to every route's parsed params, query and
 * body before its schema runs. Headers need no check: Node's parser refuses NUL in them and reads
 * them as Latin-1, which has no surrogates. Bodies a route decodes itself (encrypted sign-in
 * bodies, signed gateway notices) call assertStorableText once decoded.
 */
export function installStorableTextRule(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per hook costs a
  // cached read a measurable share of its CPU.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorableText(request.params, 'params');
      assertStorableText(request.query, 'querystring');
      assertStorableText(request.body, 'body');
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
