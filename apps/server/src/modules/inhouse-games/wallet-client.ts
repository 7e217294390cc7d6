import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROVIDER_API_PATHS,
  PROVIDER_HEADERS,
  INHOUSE_VENDOR_CODE,
  providerSignature,
  type TProviderBalance,
  type TProviderBetAndSettleRequest,
  type TProviderBetAndSettleResult,
  type TProviderCreditRequest,
  type TProviderDebitRequest,
  type TProviderRollbackRequest,
  type TProviderSession,
  type TProviderTransactionResult,
} from '@palaro/contract';

/**
 * The in-house game server's client of the seamless wallet: every call a signed POST over real
 * HTTP, exactly as an external provider makes it (HMAC-SHA256 of `${timestamp}.${requestId}.${body}`
 * with the PLR provider's secret, a fresh request id per attempt). Business ids (transaction ids)
 * come from the caller and stay the same across retries, so the wallet applies a retried bet once.
 */

/** The wallet answered with a refusal: its error code (gw.*) says why. Nothing moved. */
export class WalletRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'WalletRefusal';
  }
}

/** No answer (network, time-out) or a 5xx: the call may or may not have been applied. */
export class WalletUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletUnavailable';
  }
}

export interface WalletClient {
  authenticate(token: string): Promise<TProviderSession>;
  balance(playerId: string): Promise<TProviderBalance>;
  debit(request: TProviderDebitRequest): Promise<TProviderTransactionResult>;
  credit(request: TProviderCreditRequest): Promise<TProviderTransactionResult>;
  rollback(request: TProviderRollbackRequest): Promise<TProviderTransactionResult>;
  betAndSettle(request: TProviderBetAndSettleRequest): Promise<TProviderBetAndSettleResult>;
}

export interface WalletClientOptions {
  /** The wallet's base URL (no trailing slash), asked per call: the app's own address is known only once it listens. */
  baseUrl: () => string;
  /** The PLR provider's current secret. */
  secret: () => Promise<string>;
  /** The clock the timestamp is signed with (the platform's, which the wallet checks against). */
  now: () => Date;
  /** One attempt's time limit. */
  timeoutMs?: number;
  /** Attempts of one call when there is no answer (each with a new request id, same business ids). */
  attempts?: number;
  /** Wait before the second attempt; doubled for each next one. */
  retryDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_MS = 250;

/**
 * The wallet's base URL when none is configured: this server's own listening address (a wildcard
 * address is reached on the loopback), read when a call is made.
 */
export function ownAddress(server: Server): string {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string')
    throw new WalletUnavailable('The server is not listening on a TCP port: set INHOUSE_WALLET_URL');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

interface Envelope {
  success?: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  async function attempt<T>(path: string, payload: unknown): Promise<T> {
    const body = JSON.stringify(payload);
    const requestId = randomUUID();
    const timestamp = String(options.now().getTime());
    const signature = await providerSignature(await options.secret(), timestamp, requestId, body);
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADERS.provider]: INHOUSE_VENDOR_CODE,
          [PROVIDER_HEADERS.timestamp]: timestamp,
          [PROVIDER_HEADERS.requestId]: requestId,
          [PROVIDER_HEADERS.signature]: signature,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof WalletUnavailable) throw error;
      throw new WalletUnavailable(`The wallet did not answer ${path}: ${(error as Error).message}`);
    }
    const envelope = parseEnvelope(await response.text().catch(() => ''));
    if (response.status >= 500 || !envelope)
      throw new WalletUnavailable(`The wallet answered ${path} with ${response.status}`);
    if (envelope.success === true) return envelope.value as T;
    throw new WalletRefusal(
      envelope.errorCode ?? 'unknown',
      envelope.message ?? `refused with ${response.status}`,
      response.status,
    );
  }

  /** Retries only when there was no answer: a refusal is final, and a retry never changes a business id. */
  async function call<T>(path: string, payload: unknown): Promise<T> {
    for (let attemptNo = 1; ; attemptNo += 1) {
      try {
        return await attempt<T>(path, payload);
      } catch (error) {
        if (!(error instanceof WalletUnavailable) || attemptNo >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attemptNo - 1)));
      }
    }
  }

  return {
    authenticate: (token) => call(PROVIDER_API_PATHS.authenticate, { token }),
    balance: (playerId) => call(PROVIDER_API_PATHS.balance, { playerId }),
    debit: (request) => call(PROVIDER_API_PATHS.debit, request),
    credit: (request) => call(PROVIDER_API_PATHS.credit, request),
    rollback: (request) => call(PROVIDER_API_PATHS.rollback, request),
    betAndSettle: (request) => call(PROVIDER_API_PATHS.betAndSettle, request),
  };
}
