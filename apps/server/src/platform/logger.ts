import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { AppConfig } from './config';
import { isDatabaseUnavailable } from './db/unavailable';
import { redactUrl, safeErrorMessage, serializeError } from './log-safety';

export type Logger = FastifyBaseLogger;

/** Fields that may carry credentials never reach the log. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * Every `err` through log-safety.ts (no SQL, parameters or values; no stack for an outage, an
 * expected condition), and Fastify's own `req` lines with the URL's secrets redacted.
 */
const SERIALIZERS = {
  err: (error: unknown) => serializeError(error, { withStack: !isDatabaseUnavailable(error) }),
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};

/**
 * The process's one logger: JSON lines on stdout (or `destination`: tests read the lines). main.ts
 * makes it before anything else, so the database (its LISTEN connection, dropped idle connections)
 * logs the same way as the HTTP app.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: SERIALIZERS,
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * For a condition that repeats while it lasts (every retry during an outage): the first occurrence
 * is written, then at most one line per `intervalMs`, saying how many occurred since the last one.
 */
export class ThrottledLog {
  private lastWrittenAt = Number.NEGATIVE_INFINITY;
  private unwritten = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls `write` with the number of occurrences it stands for, unless one was written too recently. */
  occurred(write: (occurrences: number) => void): void {
    this.unwritten += 1;
    if (this.now() - this.lastWrittenAt < this.intervalMs) return;
    const occurrences = this.unwritten;
    this.unwritten = 0;
    this.lastWrittenAt = this.now();
    write(occurrences);
  }

  /** The condition ended: the next occurrence is written at once. */
  reset(): void {
    this.lastWrittenAt = Number.NEGATIVE_INFINITY;
    this.unwritten = 0;
  }
}

/** How often, at most, a failure that repeats while the database is away is written. */
export const OUTAGE_LOG_INTERVAL_MS = 30_000;

/** What an outage line says of its cause: the innermost error's code and message, never a stack, SQL or a value. */
export function outageCause(error: unknown): { code?: string; message: string } {
  let innermost = error;
  let code: string | undefined;
  for (let depth = 0; innermost instanceof Error && depth < 5; depth += 1) {
    const own = (innermost as { code?: unknown }).code;
    if (typeof own === 'string') code = own;
    if (!(innermost.cause instanceof Error)) break;
    innermost = innermost.cause;
  }
  const message = innermost instanceof Error ? safeErrorMessage(innermost) : 'unknown';
  return code === undefined ? { message } : { code, message };
}

/** A request's kind of operation for the failure logs: its method and route, not its URL. */
export function operationOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
}

/**
 * Failures that repeat for every request or job while a dependency is away (a database outage, the
 * wallet not answering): one line per kind and interval — the first at once, then one saying how
 * many occurred since (`occurrences`) — at `warn`, with the cause's code and message only.
 * A database outage 30 s long at 72 calls a second writes 2 lines per operation, not 2,160 stacks.
 */
export class FailureLog {
  private readonly byKind = new Map<string, ThrottledLog>();

  constructor(
    private readonly intervalMs = OUTAGE_LOG_INTERVAL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Writes `error` as a database outage met by `operation` and answers true, or answers false and
   * writes nothing when it is not one (the caller logs it as the fault it is).
   */
  databaseOutage(log: Logger, operation: string, error: unknown, message = 'the database is unavailable'): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.write(log, operation, { operation, cause: outageCause(error) }, message);
    return true;
  }

  /**
   * A failure of `operation`: a database outage as `databaseOutage` writes it ("<message>: the
   * database is unavailable"), anything else as the fault it is, each time, at `level` with the
   * error (its stack) and `fields`.
   */
  failed(
    log: Logger,
    operation: string,
    error: unknown,
    message: string,
    options: { level?: 'warn' | 'error'; fields?: Record<string, unknown> } = {},
  ): void {
    if (this.databaseOutage(log, operation, error, `${message}: the database is unavailable`)) return;
    log[options.level ?? 'warn']({ err: error, ...options.fields }, message);
  }

  /** An answer of 5xx the code chose (a wallet that did not answer, a failure it turned into one): its code, and its cause as safe as any `err`. */
  serverFailure(log: Logger, operation: string, errorCode: string, statusCode: number, error: Error): void {
    const { cause } = error;
    this.write(
      log,
      `${operation} ${errorCode}`,
      { operation, errorCode, statusCode, ...(cause === undefined ? {} : { err: cause }) },
      'answered a server failure',
    );
  }

  /** A transaction that still collided (deadlock or serialization failure) after the server's own reruns (conflict-retry.ts). */
  transactionConflict(log: Logger, operation: string): void {
    this.write(
      log,
      `${operation} conflict`,
      { operation },
      "a transaction kept colliding with others (deadlock or serialization failure) after the server's retries",
    );
  }

  private write(log: Logger, kind: string, fields: Record<string, unknown>, message: string): void {
    let throttled = this.byKind.get(kind);
    if (!throttled) {
      throttled = new ThrottledLog(this.intervalMs, this.now);
      this.byKind.set(kind, throttled);
    }
    throttled.occurred((occurrences) => log.warn({ ...fields, occurrences }, message));
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered as a public read (`summarizeInAccessLog`): counted in the access log's summary, not given a line. */
    summarizedInAccessLog: boolean;
  }
}

/** A public read slower than this gets a line of its own: from memory it takes well under a millisecond. */
export const SLOW_PUBLIC_READ_MS = 100;
/** How often, at most, the summary of the public reads is written. */
export const PUBLIC_READ_SUMMARY_MS = 60_000;

/**
 * Fastify's request logging replaced by one line per request, written when the answer has gone:
 * Fastify's own logging (an "incoming request" and a "request completed" line, each through the
 * req/res serializers and the redaction) cost a cached read more CPU than all the rest of
 * Fastify's work for it. The line keeps what an operator looks for — request id, method, URL,
 * host, client address, status, time taken — in flat fields that need no serializer.
 *
 * The public reads served from memory (start-up, settings, announcements, the catalogue's lists:
 * anonymous, the same for every player of a merchant, polled by every open screen) get no line
 * each when they succeed quickly; they are counted, and one summary line a minute says how many
 * were answered (how many as 304) and the slowest. Every other request — signed-in reads, money
 * and every write, errors, 4xx and 5xx, a public read that failed or took over
 * SLOW_PUBLIC_READ_MS — keeps its line. docs/OPERATIONS.md says why.
 */
export class AccessLog extends LogController {
  private windowStartedAt: number;
  private answered = 0;
  private notModified = 0;
  private slowestMs = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.windowStartedAt = now();
  }

  /** Decorates the app's requests with the flag `summarizeInAccessLog` sets, and writes the last summary on close. */
  install(app: FastifyInstance): void {
    app.decorateRequest('summarizedInAccessLog', false);
    app.addHook('onClose', (_instance, done) => {
      this.writeSummary();
      done();
    });
  }

  override incomingRequest(): void {}

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'no route');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const statusCode = reply.statusCode;
    if (!error && request.summarizedInAccessLog && statusCode < 400 && responseTime <= SLOW_PUBLIC_READ_MS) {
      this.answered += 1;
      if (statusCode === 304) this.notModified += 1;
      if (responseTime > this.slowestMs) this.slowestMs = responseTime;
      if (this.now() - this.windowStartedAt >= PUBLIC_READ_SUMMARY_MS) this.writeSummary();
      return;
    }
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      host: request.headers.host,
      remoteAddress: request.ip,
      statusCode,
      responseTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  private writeSummary(): void {
    const now = this.now();
    if (this.answered > 0) {
      this.log.info(
        {
          seconds: Math.round((now - this.windowStartedAt) / 1000),
          answered: this.answered,
          notModified: this.notModified,
          slowestMs: this.slowestMs,
        },
        'public reads',
      );
    }
    this.windowStartedAt = now;
    this.answered = 0;
    this.notModified = 0;
    this.slowestMs = 0;
  }
}

/** Counts this request in the access log's summary of public reads instead of giving it a line (`AccessLog`). */
export function summarizeInAccessLog(request: FastifyRequest): void {
  request.summarizedInAccessLog = true;
}
