import { z } from 'zod';
import { MAX_AMOUNT_CENTAVOS } from '../../money/format';
import { ZAmountCentavos, ZCentavos } from '../../money/schemas';
import { atLeastOneChange, text } from '../../shared/text';
import {
  CHANNEL_KINDS,
  CHANNEL_METHODS,
  DEPOSIT_STATUSES,
  GATEWAY_OUTCOMES,
  PAYOUT_KINDS,
  RECORD_TYPES,
  TURNOVER_CHANGE_KINDS,
  TURNOVER_SOURCES,
  WITHDRAW_STATUSES,
} from '../constants';

export * from '../constants';

/**
 * Wallet: balance, deposits, withdrawals, transfers and reports (spec §2 header and member centre,
 * §3 sumBalance; DESIGN.md §3). Every amount is an integer of centavos: see money/format.ts.
 * Money-moving requests carry an `Idempotency-Key` header (8–64 characters of [A-Za-z0-9_-]); a
 * repeated key answers the first result without moving money again.
 */

const ZIsoTime = z.string();
/** A calendar day in the merchant's time zone. */
export const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** Reports take a day range in the merchant's time zone (both ends included); default the last 7 days. */
export const ZDayRangeQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() });

// ── balance and push ───────────────────────────────────────────────────────────────────────────

export const ZWalletBalance = z.object({
  /** What the header shows: the cash wallet (pending withdrawals are no longer in it). */
  sumBalance: ZCentavos,
  /** Withdrawals submitted and not yet decided. */
  pendingWithdrawals: ZCentavos,
  currencyCode: z.string(),
  currencySymbol: z.string(),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

/** The data of each `balance` server-sent event on GET /wps/wallet/events. */
export const ZBalanceEvent = z.object({ sumBalance: ZCentavos, pendingWithdrawals: ZCentavos, reason: z.string() });
export type TBalanceEvent = z.infer<typeof ZBalanceEvent>;

// ── account records ────────────────────────────────────────────────────────────────────────────

export const ZRecordsQuery = ZPageQuery.extend(ZDayRangeQuery.shape).extend({
  /** Comma-separated record types, or A for all. */
  types: z.string().max(200).optional(),
});
export const ZAccountRecord = z.object({
  id: z.string(),
  type: z.enum(RECORD_TYPES),
  amount: ZCentavos,
  balanceAfter: ZCentavos,
  time: ZIsoTime,
  reference: z.string(),
  memo: z.string().nullable(),
});
export type TAccountRecord = z.infer<typeof ZAccountRecord>;
export const ZAccountRecords = z.object({
  list: z.array(ZAccountRecord),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Over the whole filtered range, not only this page. */
  totals: z.object({ credited: ZCentavos, debited: ZCentavos }),
  timeZone: z.string(),
});
export type TAccountRecords = z.infer<typeof ZAccountRecords>;

// ── profit and loss ────────────────────────────────────────────────────────────────────────────

const ZProfitFigures = z.object({
  deposits: ZCentavos,
  withdrawals: ZCentavos,
  bets: ZCentavos,
  wins: ZCentavos,
  rebates: ZCentavos,
  bonuses: ZCentavos,
  /** wins + rebates + bonuses − bets: what the member won (positive) or lost (negative). */
  net: ZCentavos,
});
export const ZProfitAndLoss = z.object({
  from: ZDay,
  to: ZDay,
  timeZone: z.string(),
  days: z.array(ZProfitFigures.extend({ day: ZDay })),
  categories: z.array(
    ZProfitFigures.pick({ bets: true, wins: true, rebates: true, net: true }).extend({ category: z.string() }),
  ),
  totals: ZProfitFigures,
});
export type TProfitAndLoss = z.infer<typeof ZProfitAndLoss>;

// ── turnover ───────────────────────────────────────────────────────────────────────────────────

/** The operator's last change to a requirement; the reason is written for the member to read. */
export const ZTurnoverChange = z.object({
  kind: z.enum(TURNOVER_CHANGE_KINDS),
  reason: z.string(),
  at: ZIsoTime,
});
export const ZTurnoverItem = z.object({
  id: z.string(),
  source: z.enum(TURNOVER_SOURCES),
  /** The deposit order number, or the bonus's or adjustment's reference. */
  reference: z.string(),
  /** The amount the requirement came from (the deposit or the bonus). */
  baseAmount: ZCentavos,
  required: ZCentavos,
  /** What was required when the requirement was made (differs from required once adjusted). */
  originalRequired: ZCentavos,
  done: ZCentavos,
  /** 0 once completed or waived. */
  left: ZCentavos,
  createdAt: ZIsoTime,
  /** When it was completed by bets, or waived, or adjusted down to what was done. */
  completedAt: ZIsoTime.nullable(),
  change: ZTurnoverChange.nullable(),
});
export const ZTurnover = z.object({
  required: ZCentavos,
  done: ZCentavos,
  left: ZCentavos,
  /** Withdrawing needs no turnover left. */
  canWithdraw: z.boolean(),
  items: z.array(ZTurnoverItem),
});
export type TTurnover = z.infer<typeof ZTurnover>;
export type TTurnoverItem = z.infer<typeof ZTurnoverItem>;
export type TTurnoverChange = z.infer<typeof ZTurnoverChange>;

// ── deposits ───────────────────────────────────────────────────────────────────────────────────

export const ZDepositChannel = z.object({
  id: z.number().int(),
  method: z.enum(CHANNEL_METHODS),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  minAmount: ZCentavos,
  maxAmount: ZCentavos,
  /** Fee the member pays: basis points of the amount plus a fixed part (both may be 0). */
  feeBasisPoints: z.number().int().nonnegative(),
  feeFixed: ZCentavos,
  /** Amount chips the deposit page offers. */
  presetAmounts: z.array(ZCentavos),
  /** Bank transfer: where to send the money; USDT: the wallet address and the rate. */
  instructions: z.record(z.string(), z.string()),
  displayOrder: z.number().int(),
});
export type TDepositChannel = z.infer<typeof ZDepositChannel>;
export const ZDepositChannels = z.object({
  list: z.array(ZDepositChannel),
  turnoverMultiplierPercent: z.number().int(),
});

/** A receipt image as a data URL (PNG/JPEG/WebP), at most ~1.5 MB encoded. */
export const ZReceiptImage = z
  .string()
  .max(2_100_000)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/);

export const ZDepositRequest = z.object({
  channelId: z.number().int().positive(),
  amount: ZAmountCentavos,
  /** Bank transfer only. */
  senderName: text(128).optional(),
  senderReference: text(128).optional(),
  receiptImage: ZReceiptImage.optional(),
});
export type TDepositRequest = z.infer<typeof ZDepositRequest>;

export const ZDepositOrder = z.object({
  orderNo: z.string(),
  channelName: z.string(),
  method: z.enum(CHANNEL_METHODS),
  amount: ZCentavos,
  fee: ZCentavos,
  /** What reaches the wallet: amount − fee. */
  creditAmount: ZCentavos,
  status: z.enum(DEPOSIT_STATUSES),
  createdAt: ZIsoTime,
  expiresAt: ZIsoTime.nullable(),
  decidedAt: ZIsoTime.nullable(),
  /** The gateway's page to pay on (online channels while pending). */
  paymentUrl: z.string().nullable(),
  note: z.string().nullable(),
});
export type TDepositOrder = z.infer<typeof ZDepositOrder>;
export const ZDepositRecordsQuery = ZPageQuery.extend(ZDayRangeQuery.shape).extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
});
export const ZDepositRecords = z.object({
  list: z.array(ZDepositOrder),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: z.object({ paidAmount: ZCentavos, paidCount: z.number().int() }),
  timeZone: z.string(),
});
export type TDepositRecords = z.infer<typeof ZDepositRecords>;
export const ZOrderNoParams = z.object({ orderNo: z.string().regex(/^[A-Z0-9]{6,32}$/) });

/**
 * A gateway's payment notification (POST /wps/deposit/callback/:gateway). Headers:
 * `X-Gateway-Timestamp` (unix seconds), `X-Gateway-Signature` = hex HMAC-SHA256 of
 * `${timestamp}.${rawBody}` with the channel's secret. `eventId` is unique per notification and
 * is never accepted twice.
 */
export const ZGatewayCallback = z.object({
  eventId: z.string().min(8).max(64),
  orderNo: z.string().max(32),
  gatewayReference: z.string().max(64),
  status: z.enum(['paid', 'declined']),
  amount: ZCentavos,
});
export type TGatewayCallback = z.infer<typeof ZGatewayCallback>;
export const ZGatewayParams = z.object({ gateway: z.string().regex(/^[a-z0-9-]{2,32}$/) });
export const ZGatewayAnswer = z.object({
  orderNo: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  outcome: z.enum(GATEWAY_OUTCOMES),
});
export type TGatewayAnswer = z.infer<typeof ZGatewayAnswer>;

// ── payout accounts and withdrawals ───────────────────────────────────────────────────────────

export const ZPayoutAccountRequest = z.object({
  kind: z.enum(PAYOUT_KINDS),
  /** Banks only. */
  bankName: text(64).optional(),
  accountName: text(128).min(2),
  /** Bank account number, or the 11-digit mobile number (09…) of a GCash or Maya wallet. */
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{6,30}$/),
  paymentPassword: z.string().max(128),
});
export const ZPayoutAccount = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  bankName: z.string().nullable(),
  accountName: z.string(),
  /** Masked: only the last 4 digits. */
  accountNumber: z.string(),
  createdAt: ZIsoTime,
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;
export const ZPayoutAccounts = z.object({ list: z.array(ZPayoutAccount), max: z.number().int() });
export const ZIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const ZWithdrawInfo = z.object({
  balance: ZCentavos,
  minAmount: ZCentavos,
  maxAmount: ZCentavos,
  dailyCount: z.number().int(),
  dailyAmount: ZCentavos,
  usedCountToday: z.number().int(),
  usedAmountToday: ZCentavos,
  /** The most this member may withdraw now (balance, limits and what is left of today's limits). */
  availableNow: ZCentavos,
  turnoverLeft: ZCentavos,
  hasPaymentPassword: z.boolean(),
  payoutAccounts: z.array(ZPayoutAccount),
});
export type TWithdrawInfo = z.infer<typeof ZWithdrawInfo>;

export const ZWithdrawRequest = z.object({
  amount: ZAmountCentavos,
  payoutAccountId: z.number().int().positive(),
  paymentPassword: z.string().max(128),
});
export const ZWithdrawal = z.object({
  orderNo: z.string(),
  amount: ZCentavos,
  status: z.enum(WITHDRAW_STATUSES),
  payoutKind: z.enum(PAYOUT_KINDS),
  payoutName: z.string(),
  /** Masked. */
  payoutNumber: z.string(),
  createdAt: ZIsoTime,
  decidedAt: ZIsoTime.nullable(),
  note: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZWithdrawReportQuery = ZPageQuery.extend(ZDayRangeQuery.shape).extend({
  status: z.enum(WITHDRAW_STATUSES).optional(),
});
export const ZWithdrawReport = z.object({
  list: z.array(ZWithdrawal),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: z.object({ paidAmount: ZCentavos, pendingAmount: ZCentavos }),
  timeZone: z.string(),
});
export type TWithdrawReport = z.infer<typeof ZWithdrawReport>;

// ── transfer to upline ─────────────────────────────────────────────────────────────────────────

export const ZUplineTransferRequest = z.object({ amount: ZAmountCentavos, paymentPassword: z.string().max(128) });
export const ZUplineTransferInfo = z.object({
  upline: z.string(),
  balance: ZCentavos,
  minAmount: ZCentavos,
  maxAmount: ZCentavos,
});
export const ZUplineTransferResult = z.object({ reference: z.string(), amount: ZCentavos, balance: ZCentavos });

// ── operator ───────────────────────────────────────────────────────────────────────────────────

export const ZOperatorDecision = z.object({ note: text(500).optional() });
export const ZOperatorOrderParams = z.object({
  merchantCode: z.string().max(64),
  orderNo: z.string().regex(/^[A-Z0-9]{6,32}$/),
});

/** Pending orders come first (oldest first: the queue to decide), then the rest, newest first. */
export const ZOperatorDepositsQuery = ZPageQuery.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  kind: z.enum(CHANNEL_KINDS).optional(),
});
export const ZOperatorDeposit = ZDepositOrder.extend({
  kind: z.enum(CHANNEL_KINDS),
  memberId: z.number().int(),
  username: z.string(),
  senderName: z.string().nullable(),
  senderReference: z.string().nullable(),
  /** Only on pending orders (the ones to decide), so a page of history stays small. */
  receiptImage: z.string().nullable(),
  gatewayReference: z.string().nullable(),
});
export type TOperatorDeposit = z.infer<typeof ZOperatorDeposit>;
export const ZOperatorDeposits = z.object({
  list: z.array(ZOperatorDeposit),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TOperatorDeposits = z.infer<typeof ZOperatorDeposits>;

/** The merchant's wallet rules as the operator sees and changes them (amounts in minor units). */
export const ZWalletSettings = z.object({
  trialBalance: ZCentavos.nonnegative(),
  withdrawMin: ZCentavos.positive(),
  withdrawMax: ZCentavos.positive(),
  withdrawDailyCount: z.number().int().min(0).max(1000),
  withdrawDailyAmount: ZCentavos.nonnegative(),
  maxPayoutAccounts: z.number().int().min(1).max(20),
  /** Turnover a deposit requires, in percent of its amount (100 = bet it once). */
  depositTurnoverPercent: z.number().int().min(0).max(10_000),
  depositExpiryMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  transferMin: ZCentavos.positive(),
  transferMax: ZCentavos.positive(),
});
export type TWalletSettings = z.infer<typeof ZWalletSettings>;
export const ZWalletSettingsUpdate = atLeastOneChange(ZWalletSettings.partial());

/** A payment channel as the operator sees it: the member's view plus what only the operator sets. */
export const ZOperatorChannel = ZDepositChannel.extend({
  gateway: z.string().nullable(),
  minVipLevel: z.number().int(),
  enabled: z.boolean(),
});
export type TOperatorChannel = z.infer<typeof ZOperatorChannel>;
export const ZOperatorChannels = z.object({ list: z.array(ZOperatorChannel) });
export const ZOperatorChannelParams = z.object({
  merchantCode: z.string().max(64),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
/** What the operator may change on a channel; the callback secret is never shown nor set here. */
export const ZOperatorChannelUpdate = atLeastOneChange(
  z.object({
    name: text(64).min(1).optional(),
    enabled: z.boolean().optional(),
    minAmount: ZAmountCentavos.optional(),
    maxAmount: ZAmountCentavos.optional(),
    feeBasisPoints: z.number().int().min(0).max(5000).optional(),
    feeFixed: ZCentavos.nonnegative().max(MAX_AMOUNT_CENTAVOS).optional(),
    presetAmounts: z.array(ZAmountCentavos).max(12).optional(),
    displayOrder: z.number().int().min(0).max(1000).optional(),
    minVipLevel: z.number().int().min(0).max(100).optional(),
    instructions: z.record(text(32).min(1), text(200)).optional(),
  }),
);

/**
 * A member's turnover as the operator sees it (GET /ops/merchants/:merchantCode/members/:username/turnover):
 * the member's tracker, with who made each change.
 */
export const ZOperatorMemberParams = z.object({
  merchantCode: z.string().max(64),
  username: text(64).min(1).toLowerCase(),
});
export const ZOperatorTurnoverParams = ZOperatorMemberParams.extend({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ZOperatorTurnover = ZTurnover.extend({
  memberId: z.number().int(),
  username: z.string(),
  items: z.array(ZTurnoverItem.extend({ change: ZTurnoverChange.extend({ by: z.string() }).nullable() })),
});
export type TOperatorTurnover = z.infer<typeof ZOperatorTurnover>;
/** Why the operator changes a requirement: kept on it, in the audit log, and shown to the member. */
const ZTurnoverReason = text(500).min(1);
/** Waives what is left of every outstanding requirement of the member, or of the one named. */
export const ZTurnoverWaiveRequest = z.object({
  reason: ZTurnoverReason,
  requirementId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
/** Sets an outstanding requirement's required amount: never below what is done; equal to it completes it. */
export const ZTurnoverAdjustRequest = z.object({
  required: ZCentavos.nonnegative().max(MAX_AMOUNT_CENTAVOS),
  reason: ZTurnoverReason,
});
