import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { PlatformContext } from '../../platform/context';
import {
  cachedBodyRepresentation,
  sendRepresentation,
  writeRepresentation,
  type CachedBody,
  type Representation,
} from '../../platform/http/cached-body';
import { everyAnswerHeaderList } from '../../platform/http/security-headers';
import { summarizeInAccessLog } from '../../platform/logger';
import type { CachedMerchant } from './cache';
import { merchantOf } from './request-context';
import { cachedMerchantOf } from './service';

/**
 * A public read's answer for a merchant and a validated query: at once when everything it needs
 * is in memory, a promise while a cache loads; undefined when this request is not a public read
 * after all (the game list's favourites need the member).
 */
export type PublicRead<Query> = (
  merchant: CachedMerchant,
  query: Query,
  request: FastifyRequest,
) => Representation | Promise<Representation> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer as the public-read lane may give it (`PublicReadLane`). */
    publicRead?: PublicRead<never>;
  }
}

/** Per route, at most this many query strings kept: made-up ones only cost the normal path. */
const MAX_KEPT_QUERIES = 256;

interface LaneRoute {
  read: PublicRead<unknown>;
  /** Raw query string → the query as the route's schema validated it on the normal path. */
  queries: Map<string, unknown>;
}

/** A validated query as the lane keeps it: its own copy, read-only, since every later request of that query string shares it. */
function frozenCopy<T>(value: T): T {
  const freeze = (part: unknown): void => {
    if (typeof part !== 'object' || part === null) return;
    Object.freeze(part);
    for (const child of Object.values(part)) freeze(child);
  };
  const copy = structuredClone(value);
  freeze(copy);
  return copy;
}

/** The path and raw query string of a request URL, split at the first `?` as the router does. */
export function splitUrl(url: string): { path: string; query: string } {
  const queryStart = url.indexOf('?');
  return queryStart === -1
    ? { path: url, query: '' }
    : { path: url.slice(0, queryStart), query: url.slice(queryStart + 1) };
}

/**
 * Answers the public reads served from memory — start-up, settings, announcements, notices, the
 * game catalogue's lists — from the access gate's onRequest hook, once the gate has resolved the
 * merchant and applied its rules: Fastify's validation, handler, serializer and onSend hooks never
 * run for them, which was most of such an answer's CPU past the socket write.
 *
 * What the client receives does not change (public-read-lane.test.ts compares both paths): a
 * route joins by giving its answer as a `PublicRead` (`config.publicRead`), which its own handler
 * also sends on the normal path (`publicReadHandler`); the lane answers only a GET whose path is
 * exactly the route's and whose raw query string the normal path has already validated (the
 * validated query is kept per route, so a query string is parsed and checked by the route's schema
 * once — a new or invalid one goes the normal way, errors and all); only when the read is in memory
 * at once (a cache being loaded, the normal path waits for it); and the headers the app's onSend
 * hooks add to every answer are written by `everyAnswerHeaderList`. Every read goes to the same
 * per-merchant caches as the normal path, so an operator's change is seen by both at once.
 */
export class PublicReadLane {
  private readonly routes = new Map<string, LaneRoute>();

  constructor(private readonly ctx: Pick<PlatformContext, 'config'>) {}

  /** An onRoute hook: a GET route with a `publicRead` joins; its validated queries are kept from then on. */
  readonly onRoute = (route: RouteOptions): void => {
    const read = route.config?.publicRead as PublicRead<unknown> | undefined;
    if (!read || ![route.method].flat().includes('GET')) return;
    const lane: LaneRoute = { read, queries: new Map() };
    this.routes.set(route.url, lane);
    const keepQuery = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
      const { path, query } = splitUrl(request.url);
      if (path === route.url && !lane.queries.has(query)) {
        if (lane.queries.size >= MAX_KEPT_QUERIES) lane.queries.clear();
        lane.queries.set(query, frozenCopy(request.query));
      }
      done();
    };
    route.preHandler = [keepQuery, ...[route.preHandler ?? []].flat()];
  };

  /** Writes the answer to a public read when it can be given from memory now; true when it did. */
  answered(request: FastifyRequest, reply: FastifyReply, merchant: CachedMerchant): boolean {
    if (request.method !== 'GET') return false;
    const { path, query: rawQuery } = splitUrl(request.url);
    const lane = this.routes.get(path);
    if (!lane || !lane.queries.has(rawQuery)) return false;
    let representation: ReturnType<PublicRead<unknown>>;
    try {
      representation = lane.read(merchant, lane.queries.get(rawQuery), request);
    } catch {
      // The normal path reads it again and answers the error.
      return false;
    }
    if (representation === undefined) return false;
    if (representation instanceof Promise) {
      // The normal path reads it again and answers its outcome, an error included.
      representation.catch(() => undefined);
      return false;
    }
    summarizeInAccessLog(request);
    writeRepresentation(request, reply, representation, everyAnswerHeaderList(request, this.ctx.config));
    return true;
  }
}

/** A public read that every request of its route is (the game list's favourites are not one). */
export type AlwaysPublicRead<Query> = (
  merchant: CachedMerchant,
  query: Query,
  request: FastifyRequest,
) => Representation | Promise<Representation>;

/**
 * A public read's handler on the normal path: the same read, for the merchant the gate resolved
 * and the query the route's schema validated (the route that names this read declares it).
 */
export function publicReadHandler<Query>(ctx: Pick<PlatformContext, 'db'>, read: AlwaysPublicRead<Query>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const representation = await read(await requestMerchant(ctx, request), request.query as Query, request);
    summarizeInAccessLog(request);
    // Sent as bytes by callback hooks only, so the answer is out before this promise settles.
    sendRepresentation(request, reply, representation);
  };
}

/** The merchant the gate resolved, in its cached form. */
export async function requestMerchant(
  ctx: Pick<PlatformContext, 'db'>,
  request: FastifyRequest,
): Promise<CachedMerchant> {
  return cachedMerchantOf(ctx.db, await merchantOf(request, ctx));
}

/** A kept body as a public read's answer, at once when it was in memory. */
export function keptBodyAnswer(body: CachedBody | Promise<CachedBody>): Representation | Promise<Representation> {
  return body instanceof Promise ? body.then((kept) => cachedBodyRepresentation(kept)) : cachedBodyRepresentation(body);
}
