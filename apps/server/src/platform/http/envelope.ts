import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, ERROR_I18N_KEYS, type ErrorCode, type FieldError, type TFailure } from '@palaro/contract';
import { ZFailure } from '@palaro/contract/schemas';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from '../db/admission';
import {
  CONFLICT_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isTransactionConflict,
} from '../db/unavailable';
import { FailureLog, operationOf } from '../logger';
import { DomainError, HTTP_STATUS_BY_CODE } from './errors';

export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

export function failure(code: ErrorCode, message: string, value?: TFailure['value']): TFailure {
  return value === undefined
    ? { success: false, errorCode: code, message }
    : { success: false, errorCode: code, message, value };
}

/**
 * A route option for answers built field by field from typed values (a balance, a page of
 * records): they go out through JSON.stringify instead of the response schema, which stays for
 * OpenAPI. Running the schema (zod parsing a copy of every answer) cost a signed-in read 8–25 µs
 * of CPU per answer. Only for answers whose every field is written out by the handler: stripping
 * unknown keys is what keeps a row's other columns out of an answer made by spreading the row.
 */
export const SERIALIZED_AS_BUILT = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/**
 * What every operator route's OpenAPI entry carries: the operator tag and the bearer token (the
 * `operatorToken` scheme app.ts declares; the operator plugin checks it).
 */
export const OPERATOR_ROUTE = { tags: ['operator'], security: [{ operatorToken: [] }] } as const;

/** The failure statuses every API route may answer with, documented once for OpenAPI. */
export const FAILURE_RESPONSES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  429: ZFailure,
  500: ZFailure,
  503: ZFailure,
} as const;

const INVALID_REQUEST_I18N_KEY = ERROR_I18N_KEYS[ERROR_CODES.validation];

function toFieldErrors(error: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}): FieldError[] {
  return error.validation.map((issue) => {
    const fieldPath = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return {
      field: fieldPath || error.validationContext || 'request',
      i18nKey: INVALID_REQUEST_I18N_KEY,
      message: issue.message ?? 'Invalid value',
    };
  });
}

/** Fastify's own client errors (bad JSON, wrong media type, body too large) keep their status. */
const FRAMEWORK_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body has an unsupported media type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match Content-Length',
};

function sendFailure(reply: FastifyReply, status: number, body: TFailure): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one place errors become HTTP: domain errors by their code, validation by the schema's
 * issues, and everything else as a 500 whose internals stay in the log. Failures that repeat while
 * a dependency is away (`failures`) are logged one line per route an interval.
 */
export function installErrorHandling(app: FastifyInstance, failures = new FailureLog()): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      const { retryAfterSeconds } = error.details;
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds));
      const { fields, ...rest } = error.details;
      const value = fields ? { ...rest, fields } : Object.keys(rest).length > 0 ? rest : undefined;
      const status = HTTP_STATUS_BY_CODE[error.code];
      // Maintenance is a state an operator chose, not a failure: its 503s need no line.
      if (status >= 500 && error.code !== ERROR_CODES.maintenance)
        failures.serverFailure(request.log, operationOf(request), error.code, status, error);
      return sendFailure(reply, status, failure(error.code, error.message, value));
    }
    if (isRequestAborted(error, request)) {
      // The client went away mid-body (a closed tab, a lost signal): nobody reads the answer, and
      // it is nobody's fault here, so it pages no one.
      request.log.debug({ operation: operationOf(request) }, 'the client closed the request before its body arrived');
      return sendFailure(reply, 400, failure(ERROR_CODES.validation, 'The request body did not arrive whole'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendFailure(
        reply,
        400,
        failure(ERROR_CODES.validation, 'The request is not valid', { fields: toFieldErrors(error) }),
      );
    }
    if (isDatabaseBusy(error)) {
      // Back-pressure: the request was refused before it waited, so the client may retry at once.
      reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return sendFailure(
        reply,
        503,
        failure(ERROR_CODES.upstreamUnavailable, 'The service is busy, try again in a moment'),
      );
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client may retry (money requests with the same Idempotency-Key).
      failures.databaseOutage(request.log, operationOf(request), error);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendFailure(
        reply,
        503,
        failure(ERROR_CODES.upstreamUnavailable, 'The service is briefly unavailable, try again shortly'),
      );
    }
    if (isTransactionConflict(error)) {
      // Contention the server's own retries (conflict-retry.ts) did not outlast: nothing committed, the client may retry.
      failures.transactionConflict(request.log, operationOf(request));
      reply.header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS));
      return sendFailure(
        reply,
        503,
        failure(ERROR_CODES.upstreamUnavailable, 'The service is busy, try again in a moment'),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendFailure(reply, 500, failure(ERROR_CODES.internal, 'Unknown error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_CLIENT_MESSAGES[error.code] ?? 'The request is not valid';
      const code =
        status === 404 ? ERROR_CODES.notFound : status === 429 ? ERROR_CODES.tooManyRequests : ERROR_CODES.validation;
      return sendFailure(reply, status, failure(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, 500, failure(ERROR_CODES.internal, 'Unknown error'));
  });
}

/**
 * Node's error for a request stream the client ended early ("aborted", ECONNRESET): Fastify hands
 * it over when it cannot read the body. Its code is also a lost database connection's, so it is
 * told apart by the request itself, whose stream was aborted.
 */
function isRequestAborted(error: FastifyError, request: FastifyRequest): boolean {
  return (
    request.raw.readableAborted &&
    error.cause === undefined &&
    (error.code === 'ECONNRESET' || error.code === 'ERR_STREAM_PREMATURE_CLOSE')
  );
}

export function sendNotFound(reply: FastifyReply, path: string): FastifyReply {
  return sendFailure(reply, 404, failure(ERROR_CODES.notFound, `No API route answers ${path}`));
}

/** Node's parser errors (llhttp codes) that have a status of their own; every other one is a 400. */
const CLIENT_ERROR_ANSWERS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const MALFORMED_REQUEST = {
  status: 400,
  message: 'The request is not valid HTTP (a malformed request line or header)',
};

/**
 * Answers a request Node's HTTP parser refused (an oversized header, an invalid character, a
 * request line that is not HTTP) in the envelope, on the raw socket, since no Fastify request
 * exists for it; Fastify's `clientErrorHandler` server option. Nothing is written when the socket
 * is gone or a response has started.
 */
export function answerClientError(error: ConnectionError, socket: Socket, log: FastifyBaseLogger): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERROR_ANSWERS[error.code] ?? MALFORMED_REQUEST;
  log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(failure(ERROR_CODES.validation, message));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ].join('\r\n');
  // The parser cannot go on with this connection: close it once the answer is out.
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}
