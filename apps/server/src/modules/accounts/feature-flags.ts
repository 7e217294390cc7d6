import { ERROR_CODES } from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { MerchantContext } from '../site/request-context';

/** The merchant's white-label switches (spec §2) that turn sign-in and registration methods on. */

export function flagOn(ctx: MerchantContext, flag: keyof MerchantContext['merchant']['whitelabel']): boolean {
  return ctx.merchant.whitelabel[flag] === true;
}

export function featureOff(): DomainError {
  return new DomainError(ERROR_CODES.forbidden, 'No permission or feature temporarily unavailable');
}
