import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes of members, sign-in and the security centre (spec §8). */
export const ACCOUNT_ERROR_CODES = {
  invalidCredentials: 'auth.credentials.invalid',
  captchaRequired: 'auth.captcha.required',
  captchaInvalid: 'auth.captcha.invalid',
  codeInvalid: 'auth.code.invalid',
  usernameTaken: 'auth.username.taken',
  mobileTaken: 'auth.mobile.taken',
  affiliateInvalid: 'auth.affiliate.invalid',
  /** A referral link's code names no member who may invite (spec §8 "Referrer link error"). */
  referrerInvalid: 'auth.referrer.invalid',
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
} as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[keyof typeof ACCOUNT_ERROR_CODES];

export const ACCOUNT_ERRORS: ErrorCatalogue<AccountErrorCode> = {
  'auth.credentials.invalid': { status: 401, i18nKey: 'in_user_not_exist' },
  'auth.captcha.required': { status: 400, i18nKey: 'in_enter_captcha' },
  'auth.captcha.invalid': { status: 400, i18nKey: 'in_verification_code_error' },
  'auth.code.invalid': { status: 400, i18nKey: 'in_verification_code_error' },
  'auth.username.taken': { status: 409, i18nKey: 'in_username_exists' },
  'auth.mobile.taken': { status: 409, i18nKey: 'in_mobile_exists' },
  'auth.affiliate.invalid': { status: 400, i18nKey: 'in_invalid_invitation_code' },
  'auth.referrer.invalid': { status: 400, i18nKey: 'in_referrer_link_error' },
  'auth.password.mismatch': { status: 400, i18nKey: 'in_confirm_password_not_matched' },
  'modify.new.old.same': { status: 400, i18nKey: 'in_new_old_same' },
  'auth.signin.paused': { status: 429, i18nKey: 'in_sign_in_paused' },
  'auth.not.member': { status: 403, i18nKey: 'in_non_member_login' },
  'auth.not.agent': { status: 403, i18nKey: 'in_non_agent_login' },
  'auth.trial.refused': { status: 403, i18nKey: 'in_login_actual_account' },
  'auth.session.expired': { status: 401, i18nKey: 'in_account_logged_out' },
  'auth.mobile.invalid': { status: 400, i18nKey: 'in_mobile_invalid' },
  'auth.email.invalid': { status: 400, i18nKey: 'in_email_incorrect' },
  'auth.reset.link.invalid': { status: 400, i18nKey: 'in_reset_link_invalid' },
  'auth.account.disabled': { status: 403, i18nKey: 'in_user_not_exist' },
};
