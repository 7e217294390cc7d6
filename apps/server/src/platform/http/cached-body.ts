import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Bodies smaller than this go out as they are: compressing them saves less than its headers and
 * CPU cost. The app's dynamic compression uses the same threshold.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const NO_ENCODINGS: ReadonlySet<Encoding> = new Set();

/**
 * The encodings of Accept-Encoding values already read: browsers send a handful of different
 * values, and parsing one costs more than a cached read's own work. Emptied past its bound, so
 * made-up values cannot grow it.
 */
const acceptedByHeader = new Map<string, ReadonlySet<Encoding>>();
const MAX_KEPT_ACCEPT_ENCODINGS = 256;

/** Which of our encodings the client takes (an explicit q=0 refuses one; `*` stands for gzip). */
export function acceptedEncodings(acceptEncoding: string | string[] | undefined): ReadonlySet<Encoding> {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding) ?? '';
  let accepted = acceptedByHeader.get(header);
  if (!accepted) {
    accepted = parseAcceptEncoding(header);
    if (acceptedByHeader.size >= MAX_KEPT_ACCEPT_ENCODINGS) acceptedByHeader.clear();
    acceptedByHeader.set(header, accepted);
  }
  return accepted;
}

function parseAcceptEncoding(header: string): ReadonlySet<Encoding> {
  const accepted = new Set<Encoding>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter))) continue;
    if (name === 'br') accepted.add('br');
    if (name === 'gzip' || name === '*') accepted.add('gzip');
  }
  return accepted;
}

/** The encoding to answer in: brotli when taken (smallest), else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
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
  /** Its representation with `no-cache` (`cachedBodyRepresentation`), made on first use. */
  revalidated: Representation | undefined;

  constructor(json: string) {
    this.json = Buffer.from(json);
    this.etag = `W/"${createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
  }

  /** The body in `encoding`, compressed once at the strongest setting worth it for a reused body. */
  as(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
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

/** A read's answer before the request's If-None-Match and Accept-Encoding are looked at. */
export interface Representation {
  etag: string;
  cacheControl: string;
  /** The bytes to send to a client with this Accept-Encoding, and their encoding (null: none). */
  bytesFor(acceptEncoding: string | string[] | undefined): { encoding: Encoding | null; bytes: Buffer };
}

/** A cached body as a representation: its JSON or, above the threshold, its bytes in the client's preferred encoding. */
class CachedBodyRepresentation implements Representation {
  readonly etag: string;

  constructor(
    private readonly body: CachedBody,
    readonly cacheControl: string,
  ) {
    this.etag = body.etag;
  }

  bytesFor(acceptEncoding: string | string[] | undefined): { encoding: Encoding | null; bytes: Buffer } {
    const encoding = this.body.json.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(acceptEncoding) : null;
    return { encoding, bytes: encoding ? this.body.as(encoding) : this.body.json };
  }
}

/**
 * A cached body as a representation; with the usual `no-cache`, the one the body keeps, so a read
 * from memory allocates nothing for it.
 */
export function cachedBodyRepresentation(
  body: CachedBody,
  cacheControl: string = REVALIDATE_EACH_TIME,
): Representation {
  if (cacheControl !== REVALIDATE_EACH_TIME) return new CachedBodyRepresentation(body, cacheControl);
  body.revalidated ??= new CachedBodyRepresentation(body, REVALIDATE_EACH_TIME);
  return body.revalidated;
}

/**
 * Answers GET with a representation: 304 when the client has it, otherwise its bytes. Sent as
 * bytes, so neither the response schema nor the app's dynamic compression touches it again.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
): FastifyReply {
  reply
    .header('etag', representation.etag)
    .header('cache-control', representation.cacheControl)
    .header('vary', 'Accept-Encoding');
  if (matchesEntityTag(request.headers['if-none-match'], representation.etag)) return reply.code(304).send();
  reply.type(JSON_CONTENT_TYPE);
  const { encoding, bytes } = representation.bytesFor(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes the same answer as `sendRepresentation` straight to the response, from an onRequest hook
 * (the public-read lane, site/public-read-lane.ts): the reply is hijacked, so the handler chain
 * and the onSend hooks never run, and `everyAnswerHeaders` (what those hooks add to every answer:
 * the request id, the security headers) come last, as they do there. Fastify adds content-length
 * to a 200 and none to a 304; Node adds Date and the keep-alive headers to both.
 */
export function writeRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  everyAnswerHeaders: readonly string[],
): void {
  reply.hijack();
  const head = ['etag', representation.etag, 'cache-control', representation.cacheControl, 'vary', 'Accept-Encoding'];
  if (matchesEntityTag(request.headers['if-none-match'], representation.etag)) {
    reply.raw.writeHead(304, [...head, ...everyAnswerHeaders]);
    reply.raw.end();
    return;
  }
  const { encoding, bytes } = representation.bytesFor(request.headers['accept-encoding']);
  head.push('content-type', JSON_CONTENT_TYPE);
  if (encoding) head.push('content-encoding', encoding);
  reply.raw.writeHead(200, [...head, ...everyAnswerHeaders, 'content-length', String(bytes.length)]);
  reply.raw.end(bytes);
}

/**
 * Compression settings cheap enough for every request (brotli's default, quality 11, costs
 * milliseconds per answer; quality 4 keeps most of the saving).
 */
export const DYNAMIC_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
export const DYNAMIC_GZIP = { level: 6 };

/** The API's route families: every answer is a string or bytes made in memory (the SSE stream takes over the response). */
const IN_MEMORY_ANSWER_PREFIXES = ['/wps/', '/lgw/', '/ops/', '/health'];

/** Content types worth compressing (what @fastify/compress compresses by default, roughly). */
const COMPRESSIBLE_TYPE = /json|text\/|javascript|svg|xml/;

/**
 * Compresses answers built in memory per request (a string or bytes, as the serializer made them)
 * above the threshold, synchronously at a cheap setting: @fastify/compress pipes every answer
 * through a stream, which costs more than the compression itself for a small JSON body. Streams
 * (files) and answers already encoded (cached bodies) are left to @fastify/compress and as they are.
 * Registered before @fastify/compress, whose onSend hook then sees the encoding and steps aside —
 * and kept off the API's routes altogether (`compress: false`): they answer JSON built in memory
 * or cached bodies, never a stream, and its per-route hooks cost a read from memory more than a
 * tenth of its time.
 */
export function installDynamicCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!IN_MEMORY_ANSWER_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    if (route.compress === undefined && route.config?.compress === undefined) route.compress = false;
    // A read has no body to decompress: its preParsing hook would only cost every request.
    const methods = [route.method].flat();
    if (
      methods.every((method) => method === 'GET' || method === 'HEAD') &&
      route.decompress === undefined &&
      route.config?.decompress === undefined
    ) {
      route.decompress = false;
    }
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, compressedInPlace(request, reply, payload));
  });
}

/** The answer compressed when it is worth it and the client takes it, otherwise as it is. */
function compressedInPlace(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const vary = reply.getHeader('vary');
  reply
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .header('content-encoding', encoding);
  return encoding === 'br' ? brotliCompressSync(payload, DYNAMIC_BROTLI) : gzipSync(payload, DYNAMIC_GZIP);
}

/** A gzip member header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty stored block marked final: ends a deflate stream left open by sync flushes. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

/** Raw deflate of `text`, ended by a sync flush so that more blocks may follow it. */
function deflateOpen(text: string): Buffer {
  return deflateRawSync(Buffer.from(text), { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
}

/** `bytes` as non-final stored (uncompressed) deflate blocks, which need no compressing at all. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += STORED_BLOCK_MAX) {
    const chunk = bytes.subarray(offset, offset + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * A JSON body whose large parts are fixed and whose small middle differs per request (the start-up
 * answer: the client's own location between the merchant's settings). The fixed parts are
 * compressed once; each response's gzip is those compressed parts with the middle spliced in as a
 * stored deflate block — valid gzip (RFC 1951 lets a stream mix compressed and stored blocks after
 * a sync flush), at the cost of a CRC instead of a compression per request.
 */
export class JsonTemplate {
  private readonly prefix: Buffer;
  private readonly suffix: Buffer;
  private readonly prefixDeflated: Buffer;
  private readonly suffixDeflated: Buffer;
  private readonly prefixCrc: number;
  private readonly tag: string;

  constructor(prefix: string, suffix: string) {
    this.prefix = Buffer.from(prefix);
    this.suffix = Buffer.from(suffix);
    this.prefixDeflated = deflateOpen(prefix);
    this.suffixDeflated = deflateOpen(suffix);
    this.prefixCrc = crc32(this.prefix);
    this.tag = createHash('sha256').update(this.prefix).update(this.suffix).digest('base64url').slice(0, 16);
  }

  /**
   * Answers already made, by middle: the entity tag and gzip of each. A middle repeats — the same
   * client on every visit, and the many players behind one carrier address — and a hit costs a map
   * lookup instead of two CRCs and a splice. Emptied past its bound; the template itself is made
   * anew with every change of the fixed parts.
   */
  private readonly made = new Map<string, MadeAnswer>();

  /** The answer prefix + `middle` + suffix; gzip when the client takes it. */
  representation(middle: string, cacheControl: string = REVALIDATE_EACH_TIME): Representation {
    return new TemplateRepresentation(this, middle, this.answerFor(middle), cacheControl);
  }

  /** The whole body with `middle`, uncompressed. */
  body(middle: string, length: number): Buffer {
    return Buffer.concat([this.prefix, Buffer.from(middle), this.suffix], length);
  }

  private answerFor(middle: string): MadeAnswer {
    let answer = this.made.get(middle);
    if (answer) return answer;
    const middleBytes = Buffer.from(middle);
    // The whole body's CRC, which the gzip trailer needs anyway, names the middle in the entity
    // tag (with its length): a hash per answer cost more than the rest of its making.
    const bodyCrc = crc32(this.suffix, crc32(middleBytes, this.prefixCrc));
    const etag = `W/"${this.tag}.${bodyCrc.toString(36)}.${middleBytes.length.toString(36)}"`;
    const length = this.prefix.length + middleBytes.length + this.suffix.length;
    let gzip: Buffer | null = null;
    // Small bodies go out as they are, like every other answer.
    if (length >= COMPRESSION_THRESHOLD_BYTES) {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(bodyCrc, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      gzip = Buffer.concat([
        GZIP_HEADER,
        this.prefixDeflated,
        ...storedBlocks(middleBytes),
        this.suffixDeflated,
        FINAL_EMPTY_BLOCK,
        trailer,
      ]);
    }
    answer = { etag, gzip, length };
    if (this.made.size >= MAX_KEPT_MIDDLES) this.made.clear();
    this.made.set(middle, answer);
    return answer;
  }
}

/** A template's answer for one middle (`JsonTemplate.representation`). */
class TemplateRepresentation implements Representation {
  readonly etag: string;

  constructor(
    private readonly template: JsonTemplate,
    private readonly middle: string,
    private readonly answer: MadeAnswer,
    readonly cacheControl: string,
  ) {
    this.etag = answer.etag;
  }

  bytesFor(acceptEncoding: string | string[] | undefined): { encoding: Encoding | null; bytes: Buffer } {
    const { gzip } = this.answer;
    const accepted = gzip ? acceptedEncodings(acceptEncoding) : NO_ENCODINGS;
    // gzip even for a client that also takes brotli: spliced, it costs no compression per request.
    if (gzip && accepted.has('gzip')) return { encoding: 'gzip', bytes: gzip };
    const whole = this.template.body(this.middle, this.answer.length);
    return accepted.has('br')
      ? { encoding: 'br', bytes: brotliCompressSync(whole, DYNAMIC_BROTLI) }
      : { encoding: null, bytes: whole };
  }
}

interface MadeAnswer {
  etag: string;
  /** Null for a body under the compression threshold. */
  gzip: Buffer | null;
  length: number;
}

/** Per template, at most this many answers kept (each is its compressed size: a few MiB at most). */
const MAX_KEPT_MIDDLES = 4096;
