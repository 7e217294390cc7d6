import type { z } from 'zod';
import { ERROR_CODES, fieldError, type TOperatorMerchantState } from '@palaro/contract';
import type { ZFlagsUpdate, ZMaintenanceUpdate, ZRegionUpdate } from '@palaro/contract/schemas';
import { digestsEqual, generateToken, sha256Hex } from '../../platform/crypto';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Db } from '../../platform/db/database';
import { DomainError, OperatorUnauthorisedError, RateLimitedError } from '../../platform/http/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { MerchantRow } from '../site/schema';
import { lockLapsedMaintenance, maintenanceAt, requireMerchantByCode, updateMerchant, type MerchantChanges } from '../site/service';
import { recordAudit } from '../audit/service';
import * as store from './store';

export type MaintenanceUpdate = z.infer<typeof ZMaintenanceUpdate>;
export type FlagsUpdate = z.infer<typeof ZFlagsUpdate>;
export type RegionUpdate = z.infer<typeof ZRegionUpdate>;

/**
 * Makes sure an operator can get in, without ever leaving the API open: a configured token is
 * registered; with none configured and no credential yet, a fresh token is made and returned
 * once for the caller to show. Only hashes are stored.
 */
export async function bootstrapOperatorCredential(
  db: Db,
  configuredToken: string | undefined,
): Promise<{ generatedToken: string | null }> {
  if (configuredToken) {
    await store.insertCredentialIfAbsent(db, sha256Hex(configuredToken));
    return { generatedToken: null };
  }
  if ((await store.countCredentials(db)) > 0) return { generatedToken: null };
  const token = generateToken();
  await store.insertCredentialIfAbsent(db, sha256Hex(token));
  return { generatedToken: token };
}

/**
 * Failed operator sign-ins, counted per client address and over all addresses together. They only
 * slow down and expose whoever is failing: a valid token is never refused because of them.
 */
export const OPERATOR_FAILED_ATTEMPTS = { perAddress: 10, overall: 100, windowSeconds: 15 * 60 } as const;

/**
 * Checks a bearer token against every active credential. A valid token always gets in, whatever
 * the counters say: behind a proxy one address can be everyone's, and the token's own strength
 * (at least 32 characters; a generated one is 256 random bits) is what stops guessing. A failure
 * is counted for its address and for all addresses, and is answered 429 once either is over its
 * limit.
 */
export async function authenticateOperator(
  db: Db,
  presentedToken: string | null,
  clientKey: string,
  limiter: RateLimiter,
): Promise<{ actor: string }> {
  if (presentedToken) {
    const presentedHash = sha256Hex(presentedToken);
    const hashes = await store.activeTokenHashes(db);
    // Compare against all of them so the time taken does not depend on which one matched.
    const matches = hashes.map((hash) => digestsEqual(hash, presentedHash));
    // The audit log names the credential by a short prefix of its hash, never by the token.
    if (matches.includes(true)) return { actor: `operator:${presentedHash.slice(0, 12)}` };
  }
  const { perAddress, overall, windowSeconds } = OPERATOR_FAILED_ATTEMPTS;
  const counted = await Promise.all([
    limiter.hit(`operator:failures:ip:${clientKey}`, perAddress, windowSeconds),
    limiter.hit('operator:failures:all', overall, windowSeconds),
  ]);
  const refused = counted.filter((result) => !result.allowed);
  if (refused.length > 0) throw new RateLimitedError(Math.max(...refused.map((result) => result.retryAfterSeconds)));
  throw new OperatorUnauthorisedError();
}

export function toOperatorState(merchant: MerchantRow, now: Date): TOperatorMerchantState {
  const maintenance = maintenanceAt(merchant, now);
  return {
    merchantCode: merchant.code,
    maintenance: { enabled: maintenance.enabled, message: maintenance.message, until: maintenance.until?.toISOString() ?? null },
    region: { deniedCountries: merchant.deniedCountries, deniedIpRanges: merchant.deniedIpRanges },
    whitelabel: Object.fromEntries(Object.entries(merchant.whitelabel).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')),
    promotions: Object.fromEntries(Object.entries(merchant.promotions).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')),
    vip: { display: merchant.vipDisplay, benefits: merchant.vipBenefits },
  };
}

export async function getMerchantState(db: Db, merchantCode: string, now: Date): Promise<TOperatorMerchantState> {
  return toOperatorState(await requireMerchantByCode(db, merchantCode), now);
}

/** Applies a change and writes its audit row in one transaction: both happen or neither. */
async function changeMerchant(
  db: Db,
  merchantCode: string,
  now: Date,
  actor: string,
  action: string,
  details: Record<string, unknown>,
  changesFor: (merchant: MerchantRow) => MerchantChanges,
): Promise<TOperatorMerchantState> {
  return transactionAnnouncing(db, async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const updated = await updateMerchant(tx, merchant.id, changesFor(merchant));
    await recordAudit(tx, { actor, action, merchantId: merchant.id, details });
    return toOperatorState(updated, now);
  });
}

/** An end of maintenance must lie ahead: one already past would end it before it began. */
export function assertMaintenanceEndAhead(update: MaintenanceUpdate, now: Date): void {
  if (!update.enabled || !update.until || new Date(update.until) > now) return;
  throw new DomainError(ERROR_CODES.validation, 'The end of maintenance (until) must be in the future', {
    fields: [{ ...fieldError('until'), message: `Must be in the future: the server's time is ${now.toISOString()}` }],
  });
}

export async function updateMaintenance(db: Db, merchantCode: string, update: MaintenanceUpdate, actor: string, now: Date) {
  assertMaintenanceEndAhead(update, now);
  return changeMerchant(db, merchantCode, now, actor, 'maintenance.update', { ...update }, (merchant) => {
    // Turning maintenance off clears its notice so a later "on" never shows a stale message; one
    // that ended by itself is off already and carries nothing into the next either.
    if (!update.enabled) return { maintenanceEnabled: false, maintenanceMessage: '', maintenanceUntil: null };
    const current = maintenanceAt(merchant, now);
    return {
      maintenanceEnabled: true,
      maintenanceMessage: update.message ?? current.message,
      maintenanceUntil: update.until === undefined ? current.until : update.until === null ? null : new Date(update.until),
    };
  });
}

/** Writes down the maintenances whose end has passed (readers already treat them as over), each with an audit row. */
export async function endLapsedMaintenance(db: Db, now: Date): Promise<number> {
  return transactionAnnouncing(db, async (tx) => {
    const lapsed = await lockLapsedMaintenance(tx, now);
    for (const merchant of lapsed) {
      await updateMerchant(tx, merchant.id, { maintenanceEnabled: false, maintenanceMessage: '', maintenanceUntil: null });
      await recordAudit(tx, { actor: 'system:schedule', action: 'maintenance.ended', merchantId: merchant.id, details: { until: merchant.maintenanceUntil?.toISOString() } });
    }
    return lapsed.length;
  });
}

export function updateFlags(db: Db, merchantCode: string, update: FlagsUpdate, actor: string, now: Date) {
  return changeMerchant(db, merchantCode, now, actor, 'flags.update', { ...update }, (merchant) => ({
    whitelabel: { ...merchant.whitelabel, ...update.whitelabel },
    promotions: { ...merchant.promotions, ...update.promotions },
    vipDisplay: update.vip?.display ?? merchant.vipDisplay,
    vipBenefits: update.vip?.benefits ?? merchant.vipBenefits,
  }));
}

export function updateRegion(db: Db, merchantCode: string, update: RegionUpdate, actor: string, now: Date) {
  return changeMerchant(db, merchantCode, now, actor, 'region.update', { ...update }, (merchant) => ({
    deniedCountries: update.deniedCountries ? [...new Set(update.deniedCountries)] : merchant.deniedCountries,
    deniedIpRanges: update.deniedIpRanges ? [...new Set(update.deniedIpRanges)] : merchant.deniedIpRanges,
  }));
}
