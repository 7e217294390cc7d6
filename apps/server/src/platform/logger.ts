import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { AppConfig } from './config';

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
 * The process's one logger: JSON lines on stdout. main.ts makes it before anything else, so the
 * database (its LISTEN connection, dropped idle connections) logs the same way as the HTTP app.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } });
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
