import { describe, expect, it } from 'vitest';
import { detectRegisterMethod } from '../../../shared/lib/platform';
import { settings } from '../../../test/fixtures';
import {
  EMAIL_PATTERN,
  enabledOptionalFields,
  validateByRule,
  validateCaptcha,
  validateConfirm,
  validateEmail,
  validateMobile,
  validateSmsCode,
} from './validation';

describe('validation from the server-provided rule set (spec §5)', () => {
  const rule = { enabled: true, required: true, pattern: '[a-z][a-z0-9]{5,15}' };

  it('required: an empty value asks for the field', () => {
    expect(validateByRule('username', rule, '  ')).toEqual({
      key: 'in_enter_field',
      values: { field: 'acc_username' },
    });
  });

  it('pattern: the whole value must match, with the field’s own message', () => {
    expect(validateByRule('username', rule, 'ab')).toEqual({ key: 'in_account_format' });
    expect(validateByRule('username', rule, 'juan2024x!')).toEqual({ key: 'in_account_format' });
    expect(validateByRule('username', rule, 'juan2024')).toBeNull();
    expect(validateByRule('email', { enabled: true, required: false, pattern: '\\S+@\\S+' }, 'nope')).toEqual({
      key: 'in_email_incorrect',
    });
    expect(validateByRule('mobileNum', { enabled: true, required: true, pattern: '9\\d{9}' }, '12345')).toEqual({
      key: 'in_mobile_invalid',
    });
    expect(validateByRule('affiliateCode', { enabled: true, required: true, pattern: '[A-Z0-9]{6}' }, 'x')).toEqual({
      key: 'in_invalid_invitation_code',
    });
    expect(validateByRule('wechat', { enabled: true, required: true, pattern: '\\w{6,}' }, 'x')).toEqual({
      key: 'in_field_format',
    });
  });

  it('a non-required empty value passes; a disabled or absent rule passes', () => {
    expect(validateByRule('email', { enabled: true, required: false, pattern: '\\S+@\\S+' }, '')).toBeNull();
    expect(validateByRule('email', { enabled: false, required: true, pattern: 'x' }, '')).toBeNull();
    expect(validateByRule('email', undefined, '')).toBeNull();
  });

  it('a broken merchant pattern never blocks the player (the server checks again)', () => {
    expect(validateByRule('nickname', { enabled: true, required: true, pattern: '([' }, 'Juan')).toBeNull();
  });

  it('confirm password: required ("Enter password"), then equal ("Confirmation password not matched")', () => {
    expect(validateConfirm('secret1', '')).toEqual({ key: 'in_enter_password' });
    expect(validateConfirm('secret1', 'secret2')).toEqual({ key: 'in_confirm_password_not_matched' });
    expect(validateConfirm('secret1', 'secret1')).toBeNull();
  });

  it('captcha: required, then exactly 6 digits; SMS code up to 10 digits', () => {
    expect(validateCaptcha('')).toEqual({ key: 'in_enter_captcha' });
    expect(validateCaptcha('12345')).toEqual({ key: 'in_captcha_format', values: { length: 6 } });
    expect(validateCaptcha('123456')).toBeNull();
    expect(validateSmsCode('')).toEqual({ key: 'in_enter_sms_code' });
    expect(validateSmsCode('12345678901')).toEqual({ key: 'in_verification_code_error' });
    expect(validateSmsCode('123456')).toBeNull();
  });

  it('mobile number: required, digits, minimum length in the message', () => {
    expect(validateMobile('')).toEqual({ key: 'in_enter_mobile' });
    expect(validateMobile('12ab')).toEqual({ key: 'in_mobile_min', values: { min: 7 } });
    expect(validateMobile('9171234567')).toBeNull();
  });

  it('forgot-password e-mail follows the simple pattern of spec §5', () => {
    expect(EMAIL_PATTERN.test('juan.dela-cruz@mail.example.ph')).toBe(true);
    expect(validateEmail('juan@gmail.com')).toBeNull();
    expect(validateEmail('juan@gmail')).toEqual({ key: 'in_email_incorrect' });
    expect(validateEmail('')).toEqual({ key: 'in_email_incorrect' });
  });

  it('optional fields appear only when the registration configuration enables them', () => {
    const s = settings({
      register: {
        fields: {
          email: { enabled: true, required: false, pattern: null },
          nickname: { enabled: false, required: false, pattern: null },
          affiliateCode: { enabled: true, required: false, pattern: null },
        } as never,
        defaultCountryDialingCode: '+63',
        countryDialingCodes: ['+63'],
      },
    });
    expect(enabledOptionalFields(s)).toEqual(['email', 'affiliateCode']);
  });
});

describe('registerMethod (spec §3)', () => {
  const browser = 'Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile Safari/537.36';
  it('APP inside the native shell, whatever the display mode', () => {
    expect(detectRegisterMethod(`${browser} PalaroApp/2.1`, false, null)).toBe('APP');
    expect(detectRegisterMethod(`${browser} PalaroApp/2.1`, true, '1')).toBe('APP');
  });
  it('standalone: WEBCLIP with the web-clip marker, else PWA', () => {
    expect(detectRegisterMethod(browser, true, '1')).toBe('WEBCLIP');
    expect(detectRegisterMethod(browser, true, null)).toBe('PWA');
  });
  it('H5 in a browser tab', () => {
    expect(detectRegisterMethod(browser, false, '1')).toBe('H5');
  });
});

describe('sign-in history device names', async () => {
  const { describeDevice } = await import('../SecurityCenterScreen');
  it('names browser and system from the user agent', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) PalaroApp/2.1')).toBe(
      'Palaro app · iPhone',
    );
    expect(describeDevice('')).toBe('—');
  });
});
