/**
 * Error codes the API answers with. Each maps to an i18n key of the client's text table so the
 * player reads the message in their own language; `message` in the envelope is the English text.
 */
export const ERROR_CODES = {
  validation: 'request.invalid',
  notFound: 'resource.not.found',
  unauthorised: 'session.required',
  forbidden: 'permission.denied',
  operatorUnauthorised: 'operator.unauthorised',
  tooManyRequests: 'rate.limited',
  maintenance: 'system.maintenance',
  regionRestricted: 'system.region.restricted',
  merchantUnknown: 'merchant.unknown',
  internal: 'system.error',
  /** A service the request needs (an identity provider's keys, a gateway) does not answer now. */
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
  accountLocked: 'auth.account.locked',
  notMember: 'auth.not.member',
  notAgent: 'auth.not.agent',
  trialRefused: 'auth.trial.refused',
  sessionExpired: 'auth.session.expired',
  mobileInvalid: 'auth.mobile.invalid',
  emailInvalid: 'auth.email.invalid',
  resetLinkInvalid: 'auth.reset.link.invalid',
  accountDisabled: 'auth.account.disabled',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** i18n key of the text table for each error code (spec §8). */
export const ERROR_I18N_KEYS: Record<ErrorCode, string> = {
  'request.invalid': 'in_request_invalid',
  'resource.not.found': 'in_requested_url_empty',
  'session.required': 'in_not_logged_in',
  'permission.denied': 'in_no_permission',
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
  'auth.account.locked': 'in_too_many_requests',
  'auth.not.member': 'in_non_member_login',
  'auth.not.agent': 'in_non_agent_login',
  'auth.trial.refused': 'in_login_actual_account',
  'auth.session.expired': 'in_account_logged_out',
  'auth.mobile.invalid': 'in_mobile_invalid',
  'auth.email.invalid': 'in_email_incorrect',
  'auth.reset.link.invalid': 'in_reset_link_invalid',
  'auth.account.disabled': 'in_user_not_exist',
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
};

export function fieldError(field: string): FieldError {
  const known = FIELD_MESSAGES[field];
  return { field, i18nKey: known?.i18nKey ?? ERROR_I18N_KEYS['request.invalid'], message: known?.message ?? 'Invalid value' };
}
