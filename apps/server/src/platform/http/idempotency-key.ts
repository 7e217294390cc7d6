import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@palaro/contract';
import { DomainError } from './errors';

/** The key itself, or a 400 when it is not 8–64 letters, digits, - or _. */
export function assertIdempotencyKey(key: string | undefined): string {
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError(
      ERROR_CODES.idempotencyKeyRequired,
      `An ${IDEMPOTENCY_HEADER} header (8-64 letters, digits, - or _) is required`,
    );
  }
  return key;
}

/**
 * The request's Idempotency-Key header as a plain key, or a 400. Every money-moving route reads it
 * here and hands the key to its service; services never see headers.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  return assertIdempotencyKey(Array.isArray(header) ? header[0] : header);
}
