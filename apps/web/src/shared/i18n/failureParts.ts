import type { TextPart } from './parts';

/*
 * Where the build files the texts a failure answer names (./screenKeys.ts): the errors part, but
 * for the error and field messages that screens also draw themselves, for their own checks or
 * screens — filed with those screens, or in the core when every page may draw them (the
 * unknown-error text, the maintenance and region screens') or two areas do. A module apart from
 * the screen lists and the contract's tables: the API client loads it with its first failure.
 */
export const DRAWN_WITHOUT_A_FAILURE: readonly string[] = [
  'in_unknown_error',
  'in_system_upgrading',
  'in_access_restricted',
  'in_name_format',
];
export const ACCOUNTS_CHECKS: readonly string[] = [
  'in_invalid_invitation_code',
  'in_verification_code_error',
  'in_account_format',
  'in_password_format',
  'in_email_incorrect',
  'in_confirm_password_not_matched',
  'in_referrer_link_error',
  'in_enter_captcha',
  'in_mobile_invalid',
  'in_new_old_same',
  'in_reset_link_invalid',
];
export const DEPOSIT_CHECKS: readonly string[] = [
  'in_amount_invalid',
  'in_amount_out_of_range',
  'in_reference_invalid',
];

/** The feedback form's own checks: the word bounds and the picked images' type, size and count. */
export const FEEDBACK_CHECKS: readonly string[] = [
  'in_feedback_words',
  'in_feedback_images_max',
  'in_upload_image_type',
  'in_upload_image_size',
];

/** The promotion screens' own messages: the comment's length, an unknown promotion. */
export const PROMOTION_CHECKS: readonly string[] = ['in_promo_comment', 'in_promo_unknown'];

/** The part of a text a failure answer names (a code's message or a field's). */
export function failureTextPartOf(key: string): TextPart {
  if (ACCOUNTS_CHECKS.includes(key)) return 'accounts';
  if (DEPOSIT_CHECKS.includes(key)) return 'money';
  if (FEEDBACK_CHECKS.includes(key)) return 'accounts';
  if (PROMOTION_CHECKS.includes(key)) return 'money';
  return DRAWN_WITHOUT_A_FAILURE.includes(key) ? 'core' : 'errors';
}
