import {
  ERROR_CODES,
  fieldError,
  REGISTRATION_FIELDS,
  type FieldError,
  type RegistrationField,
  type TFieldRule,
} from '@palaro/contract';
import { DomainError } from '../../platform/http/errors';
import type { MerchantRow } from '../site/schema';

const DISABLED: TFieldRule = { enabled: false, required: false, pattern: null };

/** Bad input, answered 400 with each failing field and its i18n key. */
export function invalidFields(fields: FieldError[]): DomainError {
  return new DomainError(ERROR_CODES.validation, 'The request is not valid', { fields });
}

export function ruleFor(merchant: MerchantRow, field: RegistrationField): TFieldRule {
  return merchant.registration.fields[field] ?? DISABLED;
}

const compiledPatterns = new Map<string, RegExp | null>();

/** The operator's pattern, matched against the whole value; a pattern that does not compile is ignored. */
function patternOf(source: string): RegExp | null {
  if (!compiledPatterns.has(source)) {
    let compiled: RegExp | null;
    try {
      compiled = new RegExp(`^(?:${source})$`);
    } catch {
      compiled = null;
    }
    compiledPatterns.set(source, compiled);
  }
  return compiledPatterns.get(source) ?? null;
}

export function matchesRule(rule: TFieldRule, value: string): boolean {
  const pattern = rule.pattern === null ? null : patternOf(rule.pattern);
  return pattern === null || pattern.test(value);
}

export type RegistrationValues = Partial<Record<RegistrationField, string>>;

/**
 * Applies the merchant's rule set (spec §5) to the registration form. `forced` names fields the
 * chosen method needs whatever the configuration says (the username on the username tab, the
 * number on the mobile tab, the password always); `optional` names fields the method does not
 * need even when configured as required (the username on the mobile tab, generated from the
 * number). Disabled fields are dropped; empty optional ones pass. Answers the values to keep, or throws with every failing field at once.
 */
export function applyRegistrationRules(
  merchant: MerchantRow,
  values: RegistrationValues,
  forced: ReadonlySet<RegistrationField>,
  optional: ReadonlySet<RegistrationField>,
  extraErrors: FieldError[] = [],
): RegistrationValues {
  const kept: RegistrationValues = {};
  const errors: FieldError[] = [];
  for (const field of REGISTRATION_FIELDS) {
    const rule = ruleFor(merchant, field);
    const isForced = forced.has(field);
    const value = values[field] ?? '';
    // An invitation or referral code arrives from a link even when the form does not show the field.
    const carried = (field === 'affiliateCode' || field === 'recommenderId') && value !== '';
    if (!rule.enabled && !isForced && !carried) continue;
    if (value === '') {
      if (isForced || (rule.required && !optional.has(field))) errors.push(fieldError(field));
      continue;
    }
    if (!matchesRule(rule, value)) errors.push(fieldError(field));
    else kept[field] = value;
  }
  errors.push(...extraErrors);
  if (errors.length > 0) throw invalidFields(errors);
  return kept;
}

const SIMPLE_EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && SIMPLE_EMAIL.test(value);
}
