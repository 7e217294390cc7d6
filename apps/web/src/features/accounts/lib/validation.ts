import type { RegistrationField, TFieldRule, TSiteSettings } from '@palaro/contract';
import type { TextKey } from '../../../shared/i18n';
import type { FieldMessage } from '../../../shared/i18n/message';

/** Label keys of the registration fields (spec §5). */
export const FIELD_LABEL_KEYS: Record<RegistrationField, TextKey> = {
  username: 'acc_username',
  password: 'acc_password',
  paymentPassword: 'acc_payment_password',
  idNumber: 'acc_id_number',
  qqNum: 'acc_qq',
  facebook: 'acc_facebook',
  wechat: 'acc_wechat',
  line: 'acc_line',
  whatsapp: 'acc_whatsapp',
  zalo: 'acc_zalo',
  email: 'acc_email',
  nickname: 'acc_nickname',
  payeeName: 'acc_payee_name',
  mobileNum: 'acc_mobile',
  verificationCode: 'acc_sms_code',
  recommenderId: 'acc_recommender',
  affiliateCode: 'acc_affiliate_code',
};

/** The message of a value that does not match its field's pattern (spec §8 text table). */
const PATTERN_KEYS: Partial<Record<RegistrationField, TextKey>> = {
  username: 'in_account_format',
  password: 'in_password_format',
  paymentPassword: 'in_payment_password_format',
  email: 'in_email_incorrect',
  mobileNum: 'in_mobile_invalid',
  nickname: 'in_name_format',
  payeeName: 'in_name_format',
  verificationCode: 'in_verification_code_error',
  affiliateCode: 'in_invalid_invitation_code',
  recommenderId: 'in_referrer_link_error',
};

function matchesWhole(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true; // a broken merchant pattern never blocks a player; the server checks again
  }
}

/**
 * Validates one field by the server-provided rule (enabled, required, pattern). A disabled or
 * absent rule passes; an empty value passes unless required (spec §5).
 */
export function validateByRule(
  field: RegistrationField,
  rule: TFieldRule | undefined,
  raw: string,
): FieldMessage | null {
  if (!rule || !rule.enabled) return null;
  const value = raw.trim();
  if (value === '') return rule.required ? { key: 'in_enter_field', values: { field: FIELD_LABEL_KEYS[field] } } : null;
  if (rule.pattern && !matchesWhole(rule.pattern, value)) return { key: PATTERN_KEYS[field] ?? 'in_field_format' };
  return null;
}

/** Confirm password: required ("Enter password"), equal to the password (spec §5). */
export function validateConfirm(password: string, confirm: string): FieldMessage | null {
  if (confirm === '') return { key: 'in_enter_password' };
  if (confirm !== password) return { key: 'in_confirm_password_not_matched' };
  return null;
}

/** Captcha when shown: required, 6 digits at sign-in and registration (spec §5). */
export function validateCaptcha(value: string, length = 6): FieldMessage | null {
  if (value.trim() === '') return { key: 'in_enter_captcha' };
  if (!new RegExp(`^\\d{${length}}$`).test(value.trim())) return { key: 'in_captcha_format', values: { length } };
  return null;
}

/** SMS code: required, up to 10 digits. */
export function validateSmsCode(value: string, max = 10): FieldMessage | null {
  if (value.trim() === '') return { key: 'in_enter_sms_code' };
  if (!new RegExp(`^\\d{1,${max}}$`).test(value.trim())) return { key: 'in_verification_code_error' };
  return null;
}

/** Mobile number in sign-in, forgot and security forms: required, digits, at least `min` (spec §5). */
export function validateMobile(value: string, min = 7): FieldMessage | null {
  const v = value.trim();
  if (v === '') return { key: 'in_enter_mobile' };
  if (!/^\d+$/.test(v) || v.length < min || v.length > 20) return { key: 'in_mobile_min', values: { min } };
  return null;
}

/** The forgot-password e-mail pattern of spec §5 (word characters, dotted parts, @, 2-3 letter suffix). */
export const EMAIL_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;

export function validateEmail(value: string): FieldMessage | null {
  const v = value.trim();
  if (v === '' || !EMAIL_PATTERN.test(v)) return { key: 'in_email_incorrect' };
  return null;
}

/** The login-username and login-password rules: both required (spec §5, §8). */
export function validateRequired(value: string, key: TextKey = 'in_enter_username_password'): FieldMessage | null {
  return value.trim() === '' ? { key } : null;
}

/** The password rule of the merchant, used by change and reset forms too; defaults to 6–20 characters. */
export function validateNewPassword(settings: TSiteSettings, value: string): FieldMessage | null {
  if (value === '') return { key: 'in_enter_password' };
  const rule = settings.register.fields.password;
  if (rule?.enabled && rule.pattern) return validateByRule('password', { ...rule, required: true }, value);
  return value.length < 6 || value.length > 20 ? { key: 'in_password_format' } : null;
}

/** The registration fields shown on a tab, in form order: optional fields only when enabled (spec §2). */
export const OPTIONAL_REGISTER_FIELDS: readonly RegistrationField[] = [
  'paymentPassword',
  'nickname',
  'payeeName',
  'email',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'recommenderId',
  'affiliateCode',
];

export function enabledOptionalFields(settings: TSiteSettings): RegistrationField[] {
  return OPTIONAL_REGISTER_FIELDS.filter((field) => settings.register.fields[field]?.enabled);
}
