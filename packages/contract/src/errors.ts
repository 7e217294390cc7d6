import { GAME_WALLET_ERROR_CODES, GAME_WALLET_ERROR_I18N_KEYS } from './game-wallet/errors';
import { INHOUSE_ERROR_I18N_KEYS, type InhouseErrorCode } from './inhouse/errors';
import { LOTTERY_ERROR_I18N_KEYS, type LotteryErrorCode } from './lottery/errors';

/**
 * Error codes the API answers with. Each maps to an i18n key of the client's text table so the
 * player reads the message in their own language; `message` in the envelope is the English text.
 */
export const ERROR_CODES = {
  validation: 'request.invalid',
  notFound: 'resource.not.found',
  unauthorised: 'session.required',
  forbidden: 'permission.denied',
  /** A state-changing request with the member's cookie from a page of another site (cross-site request forgery). */
  crossSiteRefused: 'request.cross_site.refused',
  operatorUnauthorised: 'operator.unauthorised',
  tooManyRequests: 'rate.limited',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
  merchantUnknown: 'merchant.unknown',
  internal: 'system.error',
  /** A service the request needs (the database, an identity provider's keys, a gateway) does not answer now. */
  upstreamUnavailable: 'system.upstream.unavailable',
  // accounts (spec §8)
  invalidCredentials: 'auth.credentials.invalid',
  captchaRequired: 'auth.captcha.required',
  captchaInvalid: 'auth.captcha.invalid',
  codeInvalid: 'auth.code.invalid',
  usernameTaken: 'auth.username.taken',
  mobileTaken: 'auth.mobile.taken',
  affiliateInvalid: 'auth.affiliate.invalid',
  passwordMismatch: 'auth.password.mismatch',
  newPasswordSameAsOld: 'modify.new.old.same',
  /** Password tries on this account wait after repeated failures; value says how long and the other ways in. */
  signInPaused: 'auth.signin.paused',
  notMember: 'auth.not.member',
  notAgent: 'auth.not.agent',
  trialRefused: 'auth.trial.refused',
  sessionExpired: 'auth.session.expired',
  mobileInvalid: 'auth.mobile.invalid',
  emailInvalid: 'auth.email.invalid',
  resetLinkInvalid: 'auth.reset.link.invalid',
  accountDisabled: 'auth.account.disabled',
  // wallet
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
  // the game wallet: launch and the provider API (game-wallet.ts)
  ...GAME_WALLET_ERROR_CODES,
} as const;
/**
 * Every code the API answers with: those of ERROR_CODES, plus the in-house game server's (inhouse/errors.ts,
 * INHOUSE_ERROR_CODES — kept out of ERROR_CODES, whose key names the game wallet's codes already use) and the
 * lottery's (lottery/errors.ts, LOTTERY_ERROR_CODES).
 */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | InhouseErrorCode | LotteryErrorCode;

/** i18n key of the text table for each error code (spec §8). */
export const ERROR_I18N_KEYS: Record<ErrorCode, string> = {
  'request.invalid': 'in_request_invalid',
  'resource.not.found': 'in_requested_url_empty',
  'session.required': 'in_not_logged_in',
  'permission.denied': 'in_no_permission',
  'request.cross_site.refused': 'in_cross_site_refused',
  'operator.unauthorised': 'in_no_permission',
  'rate.limited': 'in_too_many_requests',
  'system.maintenance': 'in_system_upgrading',
  'system.region.restricted': 'in_access_restricted',
  'merchant.unknown': 'in_unknown_error',
  'system.error': 'in_unknown_error',
  'system.upstream.unavailable': 'in_system_upgrading',
  'auth.credentials.invalid': 'in_user_not_exist',
  'auth.captcha.required': 'in_enter_captcha',
  'auth.captcha.invalid': 'in_verification_code_error',
  'auth.code.invalid': 'in_verification_code_error',
  'auth.username.taken': 'in_username_exists',
  'auth.mobile.taken': 'in_mobile_exists',
  'auth.affiliate.invalid': 'in_invalid_invitation_code',
  'auth.password.mismatch': 'in_confirm_password_not_matched',
  'modify.new.old.same': 'in_new_old_same',
  'auth.signin.paused': 'in_sign_in_paused',
  'auth.not.member': 'in_non_member_login',
  'auth.not.agent': 'in_non_agent_login',
  'auth.trial.refused': 'in_login_actual_account',
  'auth.session.expired': 'in_account_logged_out',
  'auth.mobile.invalid': 'in_mobile_invalid',
  'auth.email.invalid': 'in_email_incorrect',
  'auth.reset.link.invalid': 'in_reset_link_invalid',
  'auth.account.disabled': 'in_user_not_exist',
  'wallet.idempotency.required': 'in_request_invalid',
  'wallet.idempotency.reused': 'in_request_invalid',
  'wallet.balance.insufficient': 'in_insufficient_balance',
  'wallet.amount.range': 'in_amount_out_of_range',
  'wallet.payment.password.invalid': 'in_payment_password_incorrect',
  'wallet.payment.password.unset': 'in_set_payment_password_first',
  'wallet.turnover.incomplete': 'in_turnover_incomplete',
  'wallet.turnover.closed': 'in_request_invalid',
  'wallet.withdraw.daily.limit': 'in_withdraw_daily_limit',
  'wallet.payout.account.invalid': 'in_payout_account_invalid',
  'wallet.payout.account.limit': 'in_payout_account_limit',
  'deposit.channel.unavailable': 'in_channel_unavailable',
  'deposit.order.pending': 'in_deposit_pending_exists',
  'wallet.order.closed': 'in_order_closed',
  'gateway.signature.invalid': 'in_no_permission',
  'gateway.event.replayed': 'in_request_invalid',
  'wallet.transfer.not.allowed': 'in_no_permission',
  ...GAME_WALLET_ERROR_I18N_KEYS,
  ...INHOUSE_ERROR_I18N_KEYS,
  ...LOTTERY_ERROR_I18N_KEYS,
};

/** A field that failed validation, with the i18n key of its message. */
export interface FieldError {
  field: string;
  i18nKey: string;
  message: string;
}

/** i18n key and English text of each form field's own message (spec §5, §8); others use in_request_invalid. */
export const FIELD_MESSAGES: Record<string, { i18nKey: string; message: string }> = {
  username: { i18nKey: 'in_account_format', message: 'Account format incorrect' },
  password: { i18nKey: 'in_password_format', message: 'Password format incorrect' },
  newPassword: { i18nKey: 'in_password_format', message: 'Password format incorrect' },
  paymentPassword: { i18nKey: 'in_password_format', message: 'Password format incorrect' },
  confirmPassword: { i18nKey: 'in_confirm_password_not_matched', message: 'Confirmation password not matched' },
  confirmNewPassword: { i18nKey: 'in_confirm_password_not_matched', message: 'Confirmation password not matched' },
  confirmPaymentPassword: { i18nKey: 'in_confirm_password_not_matched', message: 'Confirmation password not matched' },
  oldPassword: { i18nKey: 'in_old_password_incorrect', message: 'The old password is incorrect' },
  oldPaymentPassword: { i18nKey: 'in_old_password_incorrect', message: 'The old password is incorrect' },
  loginPassword: { i18nKey: 'in_old_password_incorrect', message: 'The password is incorrect' },
  email: { i18nKey: 'in_email_incorrect', message: 'E-mail format incorrect' },
  nickname: { i18nKey: 'in_name_format', message: 'Name format not valid' },
  payeeName: { i18nKey: 'in_name_format', message: 'Name format not valid' },
  mobileNum: { i18nKey: 'in_mobile_invalid', message: 'mobile num not valid' },
  countryDialingCode: { i18nKey: 'in_mobile_invalid', message: 'mobile num not valid' },
  verificationCode: { i18nKey: 'in_verification_code_error', message: 'Verification code error' },
  affiliateCode: { i18nKey: 'in_invalid_invitation_code', message: 'Invalid invitation code' },
  recommenderId: { i18nKey: 'in_referrer_link_error', message: 'Referrer link error' },
  captcha: { i18nKey: 'in_enter_captcha', message: 'Enter a captcha' },
  amount: { i18nKey: 'in_amount_invalid', message: 'Enter a valid amount' },
  accountName: { i18nKey: 'in_name_format', message: 'Name format not valid' },
  accountNumber: { i18nKey: 'in_account_number_invalid', message: 'Account number not valid' },
  bankName: { i18nKey: 'in_bank_name_required', message: 'Enter the bank name' },
  senderName: { i18nKey: 'in_name_format', message: 'Name format not valid' },
  senderReference: { i18nKey: 'in_reference_invalid', message: 'Reference not valid' },
  receiptImage: {
    i18nKey: 'in_receipt_invalid',
    message: 'The receipt must be a PNG, JPEG or WebP image under 1.5 MB',
  },
};

export function fieldError(field: string): FieldError {
  const known = FIELD_MESSAGES[field];
  return {
    field,
    i18nKey: known?.i18nKey ?? ERROR_I18N_KEYS['request.invalid'],
    message: known?.message ?? 'Invalid value',
  };
}
