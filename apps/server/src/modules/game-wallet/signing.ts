import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  PROVIDER_HEADERS,
  PROVIDER_REQUEST_ID_PATTERN,
  PROVIDER_TIMESTAMP_TOLERANCE_MS,
  VENDOR_CODE_PATTERN,
  providerSigningString,
} from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';

/** A provider call as it arrived: the exact bytes of its body and its headers. */
export interface SignedRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The headers of a signed call, read and checked for form (not yet for the signature). */
export interface SignedHeaders {
  vendorCode: string;
  timestamp: string;
  requestId: string;
  signature: string;
}

/** Hex HMAC-SHA256 of the signing string: what the provider puts in the signature header. */
export function signProviderRequest(secret: string, timestamp: string, requestId: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(providerSigningString(timestamp, requestId, rawBody))
    .digest('hex');
}

/** A new provider secret: 256 random bits, base64url. */
export function newProviderSecret(): string {
  return randomBytes(32).toString('base64url');
}

function headerOf(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function signatureInvalid(reason: string): DomainError {
  return new DomainError(ERROR_CODES.signatureInvalid, `The request signature is not valid: ${reason}`);
}

/** Reads the four headers; a missing or malformed one is refused like a bad signature (401). */
export function signedHeadersOf(request: SignedRequest): SignedHeaders {
  const vendorCode = headerOf(request.headers, PROVIDER_HEADERS.provider)?.trim().toUpperCase();
  const timestamp = headerOf(request.headers, PROVIDER_HEADERS.timestamp);
  const requestId = headerOf(request.headers, PROVIDER_HEADERS.requestId);
  const signature = headerOf(request.headers, PROVIDER_HEADERS.signature);
  if (!vendorCode || !VENDOR_CODE_PATTERN.test(vendorCode))
    throw new DomainError(ERROR_CODES.providerUnknown, `Missing or malformed ${PROVIDER_HEADERS.provider} header`);
  if (!timestamp || !/^\d{10,15}$/.test(timestamp))
    throw signatureInvalid(`missing or malformed ${PROVIDER_HEADERS.timestamp} (milliseconds since the epoch)`);
  if (!requestId || !PROVIDER_REQUEST_ID_PATTERN.test(requestId))
    throw signatureInvalid(`missing or malformed ${PROVIDER_HEADERS.requestId} (8–64 of A–Z a–z 0–9 _ - . :)`);
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature))
    throw signatureInvalid(`missing or malformed ${PROVIDER_HEADERS.signature} (64 hex digits)`);
  return { vendorCode, timestamp, requestId, signature };
}

/**
 * Checks the signature (constant-time over the decoded bytes: the answer time tells nothing about
 * how much of a guess was right), then that the call is fresh. A validly signed call outside the
 * window is a replay or a skewed clock: refused with its own code.
 */
export function verifySignedRequest(request: SignedRequest, headers: SignedHeaders, secret: string, now: Date): void {
  const expected = Buffer.from(
    signProviderRequest(secret, headers.timestamp, headers.requestId, request.rawBody),
    'hex',
  );
  if (!timingSafeEqual(expected, Buffer.from(headers.signature, 'hex'))) throw signatureInvalid('signature mismatch');
  const skew = Math.abs(now.getTime() - Number(headers.timestamp));
  if (skew > PROVIDER_TIMESTAMP_TOLERANCE_MS) {
    throw new DomainError(
      ERROR_CODES.timestampStale,
      `The timestamp is ${Math.round(skew / 1000)} s from our clock (at most ${PROVIDER_TIMESTAMP_TOLERANCE_MS / 1000} s allowed)`,
      { serverTime: now.getTime() },
    );
  }
}
