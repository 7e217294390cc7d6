import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes of the wallet: money requests, deposits and their gateways, withdrawals, transfers. */
export const WALLET_ERROR_CODES = {
  idempotencyKeyRequired: 'wallet.idempotency.required',
  idempotencyKeyReused: 'wallet.idempotency.reused',
  insufficientBalance: 'wallet.balance.insufficient',
  amountOutOfRange: 'wallet.amount.range',
  paymentPasswordInvalid: 'wallet.payment.password.invalid',
  paymentPasswordNotSet: 'wallet.payment.password.unset',
  turnoverIncomplete: 'wallet.turnover.incomplete',
  /** An operator's waiver or adjustment of a requirement that is already completed or waived. */
  turnoverClosed: 'wallet.turnover.closed',
  withdrawDailyLimit: 'wallet.withdraw.daily.limit',
  payoutAccountInvalid: 'wallet.payout.account.invalid',
  payoutAccountLimit: 'wallet.payout.account.limit',
  channelUnavailable: 'deposit.channel.unavailable',
  depositPending: 'deposit.order.pending',
  orderClosed: 'wallet.order.closed',
  gatewaySignatureInvalid: 'gateway.signature.invalid',
  /** A gateway notification whose event id was already accepted. */
  gatewayEventReplayed: 'gateway.event.replayed',
  transferNotAllowed: 'wallet.transfer.not.allowed',
} as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[keyof typeof WALLET_ERROR_CODES];

export const WALLET_ERRORS: ErrorCatalogue<WalletErrorCode> = {
  'wallet.idempotency.required': { status: 400, i18nKey: 'in_request_invalid' },
  'wallet.idempotency.reused': { status: 409, i18nKey: 'in_request_invalid' },
  'wallet.balance.insufficient': { status: 409, i18nKey: 'in_insufficient_balance' },
  'wallet.amount.range': { status: 400, i18nKey: 'in_amount_out_of_range' },
  'wallet.payment.password.invalid': { status: 400, i18nKey: 'in_payment_password_incorrect' },
  'wallet.payment.password.unset': { status: 409, i18nKey: 'in_set_payment_password_first' },
  'wallet.turnover.incomplete': { status: 409, i18nKey: 'in_turnover_incomplete' },
  'wallet.turnover.closed': { status: 409, i18nKey: 'in_request_invalid' },
  'wallet.withdraw.daily.limit': { status: 409, i18nKey: 'in_withdraw_daily_limit' },
  'wallet.payout.account.invalid': { status: 400, i18nKey: 'in_payout_account_invalid' },
  'wallet.payout.account.limit': { status: 409, i18nKey: 'in_payout_account_limit' },
  'deposit.channel.unavailable': { status: 409, i18nKey: 'in_channel_unavailable' },
  'deposit.order.pending': { status: 409, i18nKey: 'in_deposit_pending_exists' },
  'wallet.order.closed': { status: 409, i18nKey: 'in_order_closed' },
  'gateway.signature.invalid': { status: 401, i18nKey: 'in_no_permission' },
  'gateway.event.replayed': { status: 409, i18nKey: 'in_request_invalid' },
  'wallet.transfer.not.allowed': { status: 403, i18nKey: 'in_no_permission' },
};
