/**
 * Wallet constants without zod, so the web app can import them without pulling zod into its
 * bundle; the wallet schemas (wallet/schemas/) build on them.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const REPORT_MAX_DAYS = 93;
/** The name of the server-sent event that carries the balance (GET /wps/wallet/events). */
export const WALLET_EVENT_NAME = 'balance';
/**
 * The name of the events the lottery adds to that stream (a draw's result). Beside the balance's
 * rather than with the lottery's API, whose paths the page would otherwise load to listen to it.
 */
export const LOTTERY_EVENT = 'lottery';
/** The inbox's unread count on the same stream, now and whenever it changes (`TInboxEvent`). */
export const INBOX_EVENT_NAME = 'inbox';
/**
 * Account record types as the member sees them. `A` in the types filter means all of them (the
 * agent centre's transaction record opens with types=A).
 */
export const RECORD_TYPES = [
  'deposit',
  'withdraw',
  'withdraw_refund',
  'transfer_out',
  'transfer_in',
  'trial_grant',
  'bonus',
  'adjustment',
  'bet',
  'win',
  'rebate',
  /** A bet a game provider rolled back (the round did not happen): the stake comes back. */
  'bet_refund',
] as const;
export const ALL_RECORD_TYPES = 'A';
export const TURNOVER_SOURCES = ['deposit', 'bonus', 'adjustment'] as const;
/** What an operator did to a turnover requirement: waived what was left, or set its required amount. */
export const TURNOVER_CHANGE_KINDS = ['waived', 'adjusted'] as const;
export const CHANNEL_METHODS = ['GCASH', 'MAYA', 'ONLINE_BANKING', 'BANK_TRANSFER', 'USDT_TRC20'] as const;
/** Online channels pay through a gateway's page; bank transfer is checked by an operator. */
export const CHANNEL_KINDS = ['online', 'bank_transfer'] as const;
export const DEPOSIT_STATUSES = ['pending', 'paid', 'declined', 'expired', 'rejected'] as const;
export const GATEWAY_HEADERS = { timestamp: 'x-gateway-timestamp', signature: 'x-gateway-signature' } as const;
/** What the platform did with a gateway's notification (the gateway only needs the 200). */
export const GATEWAY_OUTCOMES = ['credited', 'credited_late', 'already_paid', 'declined', 'ignored'] as const;
export const PAYOUT_KINDS = ['bank', 'gcash', 'maya'] as const;
export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected'] as const;

export type RecordType = (typeof RECORD_TYPES)[number];
export type TurnoverSource = (typeof TURNOVER_SOURCES)[number];
export type TurnoverChangeKind = (typeof TURNOVER_CHANGE_KINDS)[number];
export type ChannelMethod = (typeof CHANNEL_METHODS)[number];
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
