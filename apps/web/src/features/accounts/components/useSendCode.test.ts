import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { ty } from '../../../shared/i18n/ty';
import { sentToastKey } from './useSendCode';

describe('sent-code toast', () => {
  it('says "SMS sent" for an SMS and "E-mail sent" when the server answers channel email', () => {
    expect(sentToastKey('sms')).toBe('in_sms_sent');
    expect(sentToastKey('email')).toBe('in_email_sent');
    expect(en[sentToastKey('email')]).toBe('E-mail sent');
    expect(ty[sentToastKey('email')]).not.toBe(ty.in_sms_sent);
  });
});
