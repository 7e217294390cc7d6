import { z } from 'zod';
import { ZCentavos } from '../money/schemas';
import {
  GAME_ROUND_STATUSES,
  LAUNCH_TOKEN_PATTERN,
  PROVIDER_MAX_AMOUNT,
  PROVIDER_PLAYER_ID_PATTERN,
  PROVIDER_REFERENCE_PATTERN,
  PROVIDER_TRANSACTION_TYPES,
  PROVIDER_TRANSACTIONS_PAGE_SIZE,
} from './provider';
import { ZGameCategory, ZGameCode, ZVendorCode } from '../games/schemas';
import { ZLanguage } from '../system/schemas/site';
import { ZDayRangeQuery, ZPageQuery } from '../wallet/schemas/wallet';

export * from './provider';

/**
 * The seamless wallet for game providers (issue 11): the player's launch and betting records, the
 * provider API (every amount an integer of centavos, every body JSON), and the operator's view.
 * Additive changes only: providers code against these shapes (docs/GAME-PROVIDERS.md).
 */

const ZIsoTime = z.string();
const ZNodeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** A path of this site to come back to (never another site: `//host` and `/\host` are refused). */
const ZPageBack = z
  .string()
  .trim()
  .max(512)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path of this site, starting with /');

// ── the player ─────────────────────────────────────────────────────────────────────────────────

/** The generic launch (spec §4, §7): category, vendor, gameId (or a hot match's roomId), nodeId. */
/** The launch's fields (spec §7's query), sent as a POST's JSON body: a launch mints a token, so no GET (no link or prefetch) makes one. */
export const ZLaunchGameQuery = z.object({
  vendor: ZVendorCode,
  nodeId: ZNodeId,
  /** The game's code at its vendor, or the room of a hot match. */
  gameId: ZGameCode.optional(),
  /** The game's category (gameType or category on the wire); when given it must be the game's. */
  gameType: ZGameCategory.optional(),
  category: ZGameCategory.optional(),
  /** Where the game's back or exit button returns to; home when absent. */
  pageBack: ZPageBack.optional(),
  language: ZLanguage.optional(),
  showChoice: z.enum(['true', 'false']).optional(),
});
export type TLaunchGameQuery = z.infer<typeof ZLaunchGameQuery>;

export const ZLaunchGame = z.object({
  /** Where to navigate, in the same window (iOS blocks a window opened after an await). */
  gameUrl: z.string(),
  vendor: z.string(),
  nodeId: z.number().int(),
  gameId: z.string(),
  /** When the launch token stops accepting bets (ISO 8601). */
  expiresAt: ZIsoTime,
});
export type TLaunchGame = z.infer<typeof ZLaunchGame>;

/** Betting records (/m/gameRecord): a day range in the merchant's time zone, a category, pages. */
export const ZGameRecordsQuery = ZPageQuery.extend(ZDayRangeQuery.shape).extend({ gameType: ZGameCategory.optional() });
export type TGameRecordsQuery = z.infer<typeof ZGameRecordsQuery>;

export const ZGameRecord = z.object({
  /** The provider's round id. */
  roundId: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  gameName: z.string(),
  gameId: z.string(),
  nodeId: z.number().int(),
  gameType: ZGameCategory,
  /** When the round's first bet was taken (ISO 8601 UTC). */
  time: ZIsoTime,
  settledAt: ZIsoTime.nullable(),
  /** Everything bet in the round, rolled back or not. */
  stake: ZCentavos,
  /** Bets given back by rollbacks. */
  refunded: ZCentavos,
  win: ZCentavos,
  /** win + refunded − stake: what the player won (positive) or lost (negative). */
  net: ZCentavos,
  status: z.enum(GAME_ROUND_STATUSES),
});
export type TGameRecord = z.infer<typeof ZGameRecord>;

const ZRoundFigures = z.object({ stake: ZCentavos, refunded: ZCentavos, win: ZCentavos, net: ZCentavos });
export const ZGameRecords = z.object({
  list: z.array(ZGameRecord),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Over the whole filter, not only this page. */
  totals: ZRoundFigures,
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
});
export type TGameRecords = z.infer<typeof ZGameRecords>;

// ── the provider API ───────────────────────────────────────────────────────────────────────────

export const ZLaunchToken = z.string().regex(LAUNCH_TOKEN_PATTERN, 'A launch token: 43 characters of base64url');
export const ZProviderPlayerId = z
  .string()
  .regex(PROVIDER_PLAYER_ID_PATTERN, 'A player id as authenticate answered it');
export const ZProviderReference = z.string().regex(PROVIDER_REFERENCE_PATTERN, '1–64 letters, digits, _ - . :');
/** A currency code (ISO 4217). */
export const ZCurrency = z.string().regex(/^[A-Z]{3}$/, 'An ISO 4217 currency code');
const ZStake = z.number().int().positive().max(PROVIDER_MAX_AMOUNT);
const ZPayout = z.number().int().min(0).max(PROVIDER_MAX_AMOUNT);

export const ZProviderAuthenticateRequest = z.object({ token: ZLaunchToken });
export type TProviderAuthenticateRequest = z.infer<typeof ZProviderAuthenticateRequest>;

export const ZProviderSession = z.object({
  playerId: z.string(),
  nickname: z.string(),
  currency: z.string(),
  /** Centavos. */
  balance: ZCentavos,
  /** A trial account playing with play money. */
  trial: z.boolean(),
  game: z.object({ code: z.string(), name: z.string(), category: ZGameCategory, nodeId: z.number().int() }),
  /** Where the game's exit button goes (the player's pageBack). */
  backUrl: z.string(),
  /** Debits are accepted with this token until then (ISO 8601). */
  tokenExpiresAt: ZIsoTime,
});
export type TProviderSession = z.infer<typeof ZProviderSession>;

export const ZProviderBalanceRequest = z.object({ playerId: ZProviderPlayerId });
export type TProviderBalanceRequest = z.infer<typeof ZProviderBalanceRequest>;
export const ZProviderBalance = z.object({ playerId: z.string(), currency: z.string(), balance: ZCentavos });
export type TProviderBalance = z.infer<typeof ZProviderBalance>;

export const ZProviderDebitRequest = z.object({
  /** The launch token: a debit is refused once it expired. */
  token: ZLaunchToken,
  playerId: ZProviderPlayerId,
  /** The provider's id of this bet, unique per provider: a retry with it moves nothing again. */
  transactionId: ZProviderReference,
  roundId: ZProviderReference,
  /** The game's code (authenticate's game.code). */
  gameCode: ZGameCode,
  amount: ZStake,
  currency: ZCurrency,
});
export type TProviderDebitRequest = z.infer<typeof ZProviderDebitRequest>;

export const ZProviderCreditRequest = z.object({
  playerId: ZProviderPlayerId,
  transactionId: ZProviderReference,
  roundId: ZProviderReference,
  /** The debit this win pays out. */
  betTransactionId: ZProviderReference,
  gameCode: ZGameCode,
  /** 0 closes a lost round without moving money. */
  amount: ZPayout,
  currency: ZCurrency,
  /** True on the round's last credit: the round is settled and takes no more bets. */
  roundEnded: z.boolean(),
});
export type TProviderCreditRequest = z.infer<typeof ZProviderCreditRequest>;

export const ZProviderRollbackRequest = z.object({
  playerId: ZProviderPlayerId,
  transactionId: ZProviderReference,
  /** The debit to give back. */
  referenceTransactionId: ZProviderReference,
});
export type TProviderRollbackRequest = z.infer<typeof ZProviderRollbackRequest>;

export const ZProviderBetAndSettleRequest = z.object({
  token: ZLaunchToken,
  playerId: ZProviderPlayerId,
  roundId: ZProviderReference,
  gameCode: ZGameCode,
  currency: ZCurrency,
  betTransactionId: ZProviderReference,
  betAmount: ZStake,
  winTransactionId: ZProviderReference,
  winAmount: ZPayout,
});
export type TProviderBetAndSettleRequest = z.infer<typeof ZProviderBetAndSettleRequest>;

/** The answer to a debit, credit or rollback — and, stored, to its every retry. */
export const ZProviderTransactionResult = z.object({
  transactionId: z.string(),
  type: z.enum(PROVIDER_TRANSACTION_TYPES),
  playerId: z.string(),
  roundId: z.string(),
  amount: ZCentavos,
  currency: z.string(),
  /** The player's balance right after this transaction. */
  balance: ZCentavos,
  /** Our journal reference of the movement (null for a zero credit, which moves nothing). */
  walletReference: z.string().nullable(),
  /** When we processed it (ISO 8601). */
  processedAt: ZIsoTime,
});
export type TProviderTransactionResult = z.infer<typeof ZProviderTransactionResult>;

export const ZProviderBetAndSettleResult = z.object({
  bet: ZProviderTransactionResult,
  win: ZProviderTransactionResult,
  balance: ZCentavos,
  currency: z.string(),
});
export type TProviderBetAndSettleResult = z.infer<typeof ZProviderBetAndSettleResult>;

/** Reconciliation: a round's transactions, or those processed in [from, to) (ISO 8601), oldest first. */
export const ZProviderTransactionsRequest = z.object({
  roundId: ZProviderReference.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(PROVIDER_TRANSACTIONS_PAGE_SIZE).default(100),
});
export type TProviderTransactionsRequest = z.infer<typeof ZProviderTransactionsRequest>;

export const ZProviderTransaction = z.object({
  transactionId: z.string(),
  type: z.enum(PROVIDER_TRANSACTION_TYPES),
  playerId: z.string(),
  roundId: z.string(),
  gameCode: z.string(),
  amount: ZCentavos,
  currency: z.string(),
  /** A credit's bet, a rollback's debit; null for a debit. */
  referenceTransactionId: z.string().nullable(),
  /** A debit later given back by a rollback. */
  rolledBack: z.boolean(),
  walletReference: z.string().nullable(),
  processedAt: ZIsoTime,
});
export type TProviderTransaction = z.infer<typeof ZProviderTransaction>;
export const ZProviderTransactions = z.object({
  list: z.array(ZProviderTransaction),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TProviderTransactions = z.infer<typeof ZProviderTransactions>;

// ── the operator ───────────────────────────────────────────────────────────────────────────────

const ZMerchantCodeParam = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZOperatorProviderParams = z.object({ vendorCode: ZVendorCode });
export const ZOperatorRoundParams = z.object({ vendorCode: ZVendorCode, roundId: ZProviderReference });
export const ZOperatorTransactionParams = z.object({ vendorCode: ZVendorCode, transactionId: ZProviderReference });
export const ZOperatorProvidersQuery = z.object({ merchantCode: ZMerchantCodeParam.optional() });

export const ZOperatorProvider = z.object({
  vendorCode: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** `{gameCode}`, `{token}`, `{back}`, `{language}` are filled in at launch. */
  launchUrlTemplate: z.string(),
  secretRotatedAt: ZIsoTime,
  /** The last signed call we accepted from it. */
  lastCallAt: ZIsoTime.nullable(),
});
export type TOperatorProvider = z.infer<typeof ZOperatorProvider>;
export const ZOperatorProviders = z.object({
  list: z.array(ZOperatorProvider),
  /** With a merchant: each vendor of its catalogue and whether its games can be launched here. */
  vendors: z.array(z.object({ vendorCode: z.string(), vendorName: z.string(), connected: z.boolean() })),
});
export type TOperatorProviders = z.infer<typeof ZOperatorProviders>;

export const ZOperatorProviderUpdate = z.object({ enabled: z.boolean() }).strict();
export type TOperatorProviderUpdate = z.infer<typeof ZOperatorProviderUpdate>;

/** A new secret, shown once: hand it to the provider; the old one stops working at once. */
export const ZOperatorProviderSecret = z.object({
  vendorCode: z.string(),
  secret: z.string(),
  secretRotatedAt: ZIsoTime,
});
export type TOperatorProviderSecret = z.infer<typeof ZOperatorProviderSecret>;

export const ZOperatorRound = z.object({
  vendorCode: z.string(),
  roundId: z.string(),
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string().nullable(),
  gameId: z.string(),
  gameName: z.string(),
  gameType: ZGameCategory,
  stake: ZCentavos,
  refunded: ZCentavos,
  win: ZCentavos,
  status: z.enum(GAME_ROUND_STATUSES),
  startedAt: ZIsoTime,
  settledAt: ZIsoTime.nullable(),
  transactions: z.array(ZProviderTransaction),
});
export type TOperatorRound = z.infer<typeof ZOperatorRound>;
