import { ACCOUNT_ERROR_CODES, ACCOUNT_ERRORS, type AccountErrorCode } from './accounts/errors';
import { GAME_WALLET_ERROR_CODES, GAME_WALLET_ERRORS, type GameWalletErrorCode } from './game-wallet/errors';
import { INBOX_ERROR_CODES, INBOX_ERRORS, type InboxErrorCode } from './inbox/errors';
import { INHOUSE_ERRORS, type InhouseErrorCode } from './inhouse/errors';
import { LOTTERY_ERRORS, type LotteryErrorCode } from './lottery/errors';
import { FEEDBACK_ERROR_CODES, FEEDBACK_ERRORS, type FeedbackErrorCode } from './feedback/errors';
import { REBATE_ERROR_CODES, REBATE_ERRORS, type RebateErrorCode } from './rebates/errors';
import { LEADERBOARD_ERROR_CODES, LEADERBOARD_ERRORS, type LeaderboardErrorCode } from './leaderboards/errors';
import { RED_RAIN_ERROR_CODES, RED_RAIN_ERRORS, type RedRainErrorCode } from './red-rain/errors';
import { PROMOTION_ERROR_CODES, PROMOTION_ERRORS, type PromotionErrorCode } from './promotions/errors';
import { UPLOAD_ERROR_CODES, UPLOAD_ERRORS, type UploadErrorCode } from './uploads/errors';
import { fieldByCode, type ErrorCatalogue } from './shared/error-catalogue';
import { SYSTEM_ERROR_CODES, SYSTEM_ERRORS, type SystemErrorCode } from './system/errors';
import { WALLET_ERROR_CODES, WALLET_ERRORS, type WalletErrorCode } from './wallet/errors';

/**
 * Error codes the API answers with, by name: the system's, the accounts', the wallet's and the game
 * wallet's. The in-house game server's (INHOUSE_ERROR_CODES) and the lottery's (LOTTERY_ERROR_CODES)
 * are kept out, as their names (insufficientFunds, betUnknown) are the game wallet's too.
 */
export const ERROR_CODES = {
  ...SYSTEM_ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...WALLET_ERROR_CODES,
  ...GAME_WALLET_ERROR_CODES,
  ...INBOX_ERROR_CODES,
  ...UPLOAD_ERROR_CODES,
  ...FEEDBACK_ERROR_CODES,
  ...REBATE_ERROR_CODES,
  ...LEADERBOARD_ERROR_CODES,
  ...RED_RAIN_ERROR_CODES,
  ...PROMOTION_ERROR_CODES,
} as const;

/** Every code the API answers with. */
export type ErrorCode =
  | SystemErrorCode
  | AccountErrorCode
  | WalletErrorCode
  | GameWalletErrorCode
  | InhouseErrorCode
  | LotteryErrorCode
  | InboxErrorCode
  | UploadErrorCode
  | FeedbackErrorCode
  | RebateErrorCode
  | LeaderboardErrorCode
  | RedRainErrorCode
  | PromotionErrorCode;

/** Every area's catalogue in one: each code's HTTP status and i18n key. */
export const ERROR_CATALOGUE: ErrorCatalogue<ErrorCode> = {
  ...SYSTEM_ERRORS,
  ...ACCOUNT_ERRORS,
  ...WALLET_ERRORS,
  ...GAME_WALLET_ERRORS,
  ...INHOUSE_ERRORS,
  ...LOTTERY_ERRORS,
  ...INBOX_ERRORS,
  ...UPLOAD_ERRORS,
  ...FEEDBACK_ERRORS,
  ...REBATE_ERRORS,
  ...LEADERBOARD_ERRORS,
  ...RED_RAIN_ERRORS,
  ...PROMOTION_ERRORS,
};

/** i18n key of the text table for each error code (spec §8): the player reads the message in their language. */
export const ERROR_I18N_KEYS: Record<ErrorCode, string> = /* @__PURE__ */ fieldByCode(ERROR_CATALOGUE, 'i18nKey');

/** The HTTP status each error code is answered with: the one map the server's error handler reads. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = /* @__PURE__ */ fieldByCode(ERROR_CATALOGUE, 'status');

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
