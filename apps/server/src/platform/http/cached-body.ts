import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Bodies smaller than this go out as they are: compressing them saves less than its headers and
 * CPU cost. The app's dynamic compression uses the same threshold.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** Which of our encodings the client takes, brotli first; null for none (or an explicit q=0). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Whether the client's If-None-Match names this entity tag (weak comparison, as for GET). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * A response body serialized once and sent many times: its JSON, an entity tag of that JSON, and
 * its brotli and gzip forms made on first use. Built per cache fill (a merchant's settings, an
 * announcement list), so a read costs no serialisation, no validation and no compression.
 */
export class CachedBody {
  readonly json: Buffer;
  /** Weak: one tag for every encoding of the same JSON. */
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(json: string) {
    this.json = Buffer.from(json);
    this.etag = `W/"${createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
  }

  /** The body in `encoding`, compressed once at the strongest setting worth it for a reused body. */
  as(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === 'br'
        ? brotliCompressSync(this.json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
        : gzipSync(this.json, { level: 9 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * `no-cache`: a browser keeps the answer but asks again each time, and the entity tag makes the
 * asking cheap (304, no body). A merchant's settings, maintenance and notices may change at any
 * moment; a revalidation costs one in-memory lookup here.
 */
export const REVALIDATE_EACH_TIME = 'no-cache';

/**
 * Answers GET with a cached body: 304 when the client has it, otherwise its bytes in the client's
 * preferred encoding (above the threshold). Sent as bytes, so neither the response schema nor the
 * app's dynamic compression touches it again.
 */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody, cacheControl: string = REVALIDATE_EACH_TIME): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (matchesEntityTag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = body.json.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body.json);
  return reply.header('content-encoding', encoding).send(body.as(encoding));
}

/**
 * Answers GET with JSON made for this request (it differs per client, so it is not kept): 304 when
 * the client's copy has the same tag, otherwise compressed above the threshold at a setting cheap
 * enough to run on every request.
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, json: string, cacheControl: string = REVALIDATE_EACH_TIME): FastifyReply {
  const bytes = Buffer.from(json);
  const etag = `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = bytes.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(bytes);
  const compressed = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 6 });
  return reply.header('content-encoding', encoding).send(compressed);
}
