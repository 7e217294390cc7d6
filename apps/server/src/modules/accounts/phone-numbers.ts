import { fieldError } from '@palaro/contract';
import type { MerchantContext } from '../site/request-context';
import { invalidFields } from './validation';

/** Dialing code (one of the merchant's) and number → E.164 as stored, e.g. +639171234567. */
export function toE164(ctx: MerchantContext, dialingCode: string | undefined, number: string): string {
  const registration = ctx.merchant.registration;
  const code = dialingCode ?? registration.defaultCountryDialingCode;
  if (!registration.countryDialingCodes.includes(code)) throw invalidFields([fieldError('countryDialingCode')]);
  return `${code}${number.replace(/^0+/, '')}`;
}
