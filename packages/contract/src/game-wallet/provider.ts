/**
 * The seamless wallet for game providers (issue 11), zod-free: what a provider's game server, our own
 * in-house game server and the web app share — the signed-request headers and the
 * signing string, limits, round and transaction vocabulary. Its paths are in `./paths.ts`, its error
 * codes in `./errors.ts`, the request and response shapes in `./schemas.ts`; the rules for a
 * provider's engineer are in docs/GAME-PROVIDERS.md.
 *
 * Kept stable: providers code against it. Changes are additive only.
 */

/** Headers of every provider call (lower case, as HTTP/2 and Node give them). */
export const PROVIDER_HEADERS = {
  /** The provider's vendor code in our catalogue (PLR for our own in-house games). */
  provider: 'x-palaro-provider',
  /** Milliseconds since the Unix epoch when the provider signed the request. */
  timestamp: 'x-palaro-timestamp',
  /** Unique per request: a repeated request id is answered with the first answer and not processed again. */
  requestId: 'x-palaro-request-id',
  /** Lower-case hex HMAC-SHA256 of the signing string with the provider's secret. */
  signature: 'x-palaro-signature',
} as const;

/** How far the timestamp may be from our clock, either way. */
export const PROVIDER_TIMESTAMP_TOLERANCE_MS = 60_000;
/** How long a request id is remembered (and answers its repeat): far longer than any retry. */
export const PROVIDER_REQUEST_RETENTION_DAYS = 7;
/** A launch token is good for a debit this long after launch; credits and rollbacks never check it. */
export const LAUNCH_TOKEN_TTL_MS = 2 * 60 * 60_000;

/** A request id: 8–64 of letters, digits and `_ - . :` (a UUID fits). */
export const PROVIDER_REQUEST_ID_PATTERN = /^[A-Za-z0-9_.:-]{8,64}$/;
/** A provider's transaction or round id: 1–64 of letters, digits and `_ - . :`. */
export const PROVIDER_REFERENCE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** A launch token: 256 random bits, base64url (43 characters). */
export const LAUNCH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Our id of a player as one provider sees it: 128 random bits, base64url (22 characters), made
 * once per (provider, member) at the first launch. Another provider knows the same player by
 * another id, and no id can be guessed from another.
 */
export const PROVIDER_PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Largest amount of one provider transaction, in centavos (₱10,000,000.00). */
export const PROVIDER_MAX_AMOUNT = 1_000_000_000;
/** Reconciliation pages: at most this many transactions, and a time range of at most this long. */
export const PROVIDER_TRANSACTIONS_PAGE_SIZE = 500;
export const PROVIDER_TRANSACTIONS_MAX_RANGE_MS = 31 * 86_400_000;

export const PROVIDER_TRANSACTION_TYPES = ['debit', 'credit', 'rollback'] as const;
export type ProviderTransactionType = (typeof PROVIDER_TRANSACTION_TYPES)[number];

/** A round is open while bets may come, settled once it ended with its wins, refunded when every bet was rolled back. */
export const GAME_ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;
export type GameRoundStatus = (typeof GAME_ROUND_STATUSES)[number];

/**
 * The string a provider signs: `${timestamp}.${requestId}.${rawBody}` — the exact bytes of the body
 * it sends, so any JSON library may produce them.
 */
export function providerSigningString(timestamp: string, requestId: string, rawBody: string): string {
  return `${timestamp}.${requestId}.${rawBody}`;
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The signature header's value: lower-case hex HMAC-SHA256(secret, signing string), through Web
 * Crypto (Node 20+, browsers, Deno, Bun): a provider written in JavaScript can sign with this alone.
 */
export async function providerSignature(
  secret: string,
  timestamp: string,
  requestId: string,
  rawBody: string,
): Promise<string> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(
    await globalThis.crypto.subtle.sign(
      'HMAC',
      key,
      encoder.encode(providerSigningString(timestamp, requestId, rawBody)),
    ),
  );
}

/**
 * Where the player's browser goes for a launched game: the provider's template with `{gameCode}`,
 * `{token}`, `{back}` (pageBack) and `{language}` filled in, each URL-encoded. Our in-house games
 * open on the web route of the in-house game server, the token in the fragment: a browser never
 * sends a fragment to a server, so it is in no request line, log or Referer, and the page removes
 * it from the address bar (and history) as it reads it.
 */
export const INHOUSE_LAUNCH_URL_TEMPLATE = '/m/play/{gameCode}#token={token}&back={back}';
/** The query-string form of the in-house template before the token moved to the fragment (a stored template still equal to it is moved). */
export const INHOUSE_LAUNCH_URL_TEMPLATE_BEFORE_FRAGMENT = '/m/play/{gameCode}?token={token}&back={back}';
/** The vendor code of our own in-house game server. */
export const INHOUSE_VENDOR_CODE = 'PLR';

/** Betting records (/m/gameRecord): default and longest day range, like the other reports. */
export const GAME_RECORDS_DEFAULT_DAYS = 7;
