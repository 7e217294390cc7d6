import { textPartOf, type TextPart } from './parts';

/**
 * Keys whose prefix other screens share (in_, acc_, nav_, trial_, download_) but which only the
 * accounts screens show (files under features/accounts: every screen drawing them names the
 * accounts part in the route table, so the part is there before they draw). The build files them
 * in the accounts part rather than the core every page loads (~0.7 KB gzip of the Tagalog core).
 * The app does not read this list: a key missing from the loaded parts is looked for by its
 * prefix (./parts.ts), which for these would never find it — so a key here must stay the accounts
 * screens' own; texts.test.ts fails on a use of one anywhere else.
 */
export const ACCOUNTS_SCREEN_KEYS: readonly string[] = [
  'in_been_out', 'in_registered_successfully', 'in_sms_sent', 'in_email_sent',
  'in_enter_username_password', 'in_payment_password_format', 'in_captcha_format',
  'in_enter_password', 'in_enter_field', 'in_field_format', 'in_enter_sms_code', 'in_enter_mobile',
  'in_mobile_min', 'in_contact_service', 'acc_username', 'acc_password', 'acc_confirm_password',
  'acc_id_number', 'acc_qq', 'acc_facebook', 'acc_wechat', 'acc_line', 'acc_whatsapp', 'acc_zalo',
  'acc_email', 'acc_nickname', 'acc_payee_name', 'acc_payee_name_hint', 'acc_mobile', 'acc_sms_code',
  'acc_email_code', 'acc_recommender', 'acc_affiliate_code', 'acc_captcha', 'acc_captcha_reload',
  'acc_code_sent_to', 'acc_email_fallback', 'acc_sending_code', 'nav_strip', 'nav_strip_home',
  'nav_strip_register', 'nav_strip_forgot', 'nav_strip_service', 'trial_title', 'trial_body',
  'trial_start', 'trial_waiting', 'download_title', 'download_android', 'download_ios',
  'download_ios_profile', 'download_none', 'download_ios_hint',
];

/** The part a key is filed in when the tables are cut (apps/web/vite/text-parts.ts). */
export function tablePartOf(key: string): TextPart {
  return ACCOUNTS_SCREEN_KEYS.includes(key) ? 'accounts' : textPartOf(key);
}
