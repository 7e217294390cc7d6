import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, GATEWAY_HEADERS, type TGatewayCallback } from '@palaro/contract';
import { ZGatewayCallback } from '@palaro/contract/schemas';
import { DomainError } from '../../platform/http/errors';
import { assertStorableText } from '../../platform/http/storable-text';

/** What an adapter is told about the order it opens a payment for. */
export interface PaymentOrder {
  orderNo: string;
  /** Minor units. */
  amount: bigint;
  currencyCode: string;
  merchantName: string;
  channelName: string;
}

/** A payment opened at the gateway. */
export interface PaymentSession {
  /** The gateway's page the member pays on. */
  paymentUrl: string;
  /** The gateway's own id of the payment, when it has one before the callback. */
  gatewayReference: string | null;
}

/** A callback as it arrived: the exact bytes of the body and the headers. */
export interface RawCallback {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a payment gateway adapter does (docs/PAYMENTS.md). The platform owns everything else: the
 * order, the replay guard (each event id is accepted once per channel), the state machine and the
 * ledger. An adapter never touches the database.
 */
export interface PaymentGateway {
  /** The name in payment_channels.gateway and in the callback path. */
  readonly name: string;
  /** Opens a payment for a new order; called inside the order's transaction, so a failure leaves no order behind. */
  createPayment(order: PaymentOrder): Promise<PaymentSession>;
  /** The payment page of an order still pending (shown again in the records), or null when the gateway cannot give it again. */
  paymentUrlOf(order: { orderNo: string; gatewayReference: string | null }): string | null;
  /** The gateway's notice in the platform's terms; not yet trusted. Bad input is a 400. */
  parseCallback(callback: RawCallback): TGatewayCallback;
  /** Refuses (401 gateway.signature.invalid) a callback not signed with the channel's secret or not fresh. */
  verifyCallback(callback: RawCallback, secret: string, now: Date): void;
}

/** How far a callback's timestamp may be from our clock, either way. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;

/** Hex HMAC-SHA256 of `${timestamp}.${rawBody}`: the signature scheme of the sandbox (and of most gateways). */
export function callbackSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

function headerOf(headers: RawCallback['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function signatureInvalid(reason: string): DomainError {
  return new DomainError(ERROR_CODES.gatewaySignatureInvalid, `The callback signature is not valid: ${reason}`);
}

/**
 * Checks the timestamp and signature headers of GATEWAY_HEADERS. The comparison is constant-time
 * over the decoded bytes, so the answer time tells nothing about how much of a guess was right.
 */
export function verifyHmacCallback(callback: RawCallback, secret: string, now: Date): void {
  const timestamp = headerOf(callback.headers, GATEWAY_HEADERS.timestamp);
  const signature = headerOf(callback.headers, GATEWAY_HEADERS.signature);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw signatureInvalid('missing or malformed timestamp');
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) throw signatureInvalid('missing or malformed signature');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS)
    throw signatureInvalid('stale timestamp');
  const expected = Buffer.from(callbackSignature(secret, timestamp, callback.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw signatureInvalid('signature mismatch');
}

/** Reads a callback body in the platform's own format (ZGatewayCallback); anything else is a 400 naming the fields. */
export function parseStandardCallback(callback: RawCallback): TGatewayCallback {
  let json: unknown;
  try {
    json = JSON.parse(callback.rawBody);
  } catch {
    throw new DomainError(ERROR_CODES.validation, 'The callback body is not valid JSON');
  }
  assertStorableText(json, 'body');
  const parsed = ZGatewayCallback.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      i18nKey: 'in_request_invalid',
      message: issue.message,
    }));
    throw new DomainError(ERROR_CODES.validation, 'The callback body is not valid', { fields });
  }
  return parsed.data;
}

/** The adapters the platform knows, by name. */
export type GatewayRegistry = ReadonlyMap<string, PaymentGateway>;

export function gatewayRegistry(adapters: readonly PaymentGateway[]): GatewayRegistry {
  return new Map(adapters.map((adapter) => [adapter.name, adapter]));
}
