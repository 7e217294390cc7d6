import type { z } from 'zod';
import type { TOperatorMerchantState } from '@palaro/contract';
import type { ZFlagsUpdate, ZMaintenanceUpdate, ZRegionUpdate } from '@palaro/contract/schemas';
import { digestsEqual, generateToken, sha256Hex } from '../../platform/crypto';
import type { Db } from '../../platform/db/database';
import { OperatorUnauthorisedError, RateLimitedError } from '../../platform/http/errors';
import type { FixedWindowCounter } from '../../platform/rate-limit';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import * as siteStore from '../site/store';
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

/** Checks a bearer token against every active credential; failed attempts are counted per client. */
export async function authenticateOperator(
  db: Db,
  presentedToken: string | null,
  clientKey: string,
  failures: FixedWindowCounter,
): Promise<{ actor: string }> {
  const retryAfterSeconds = failures.retryAfterSeconds(clientKey);
  if (retryAfterSeconds > 0) throw new RateLimitedError(retryAfterSeconds);
  if (presentedToken) {
    const presentedHash = sha256Hex(presentedToken);
    const hashes = await store.activeTokenHashes(db);
    // Compare against all of them so the time taken does not depend on which one matched.
    const matches = hashes.map((hash) => digestsEqual(hash, presentedHash));
    // The audit log names the credential by a short prefix of its hash, never by the token.
    if (matches.includes(true)) return { actor: `operator:${presentedHash.slice(0, 12)}` };
  }
  failures.record(clientKey);
  throw new OperatorUnauthorisedError();
}

export function toOperatorState(merchant: MerchantRow): TOperatorMerchantState {
  return {
    merchantCode: merchant.code,
    maintenance: {
      enabled: merchant.maintenanceEnabled,
      message: merchant.maintenanceMessage,
      until: merchant.maintenanceUntil?.toISOString() ?? null,
    },
    region: { deniedCountries: merchant.deniedCountries, deniedIpRanges: merchant.deniedIpRanges },
    whitelabel: Object.fromEntries(Object.entries(merchant.whitelabel).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')),
    promotions: Object.fromEntries(Object.entries(merchant.promotions).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')),
    vip: { display: merchant.vipDisplay, benefits: merchant.vipBenefits },
  };
}


export async function getMerchantState(db: Db, merchantCode: string): Promise<TOperatorMerchantState> {
  return toOperatorState(await requireMerchantByCode(db, merchantCode));
}

/** Applies a change and writes its audit row in one transaction: both happen or neither. */
async function changeMerchant(
  db: Db,
  merchantCode: string,
  actor: string,
  action: string,
  details: Record<string, unknown>,
  changesFor: (merchant: MerchantRow) => siteStore.MerchantChanges,
): Promise<TOperatorMerchantState> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, merchantCode);
    const updated = await siteStore.updateMerchant(tx, merchant.id, changesFor(merchant));
    await store.insertAudit(tx, { actor, action, merchantId: merchant.id, details });
    return toOperatorState(updated);
  });
}

export function updateMaintenance(db: Db, merchantCode: string, update: MaintenanceUpdate, actor: string) {
  return changeMerchant(db, merchantCode, actor, 'maintenance.update', { ...update }, (merchant) => ({
    maintenanceEnabled: update.enabled,
    // Turning maintenance off clears its notice so a later "on" never shows a stale message.
    maintenanceMessage: update.enabled ? (update.message ?? merchant.maintenanceMessage) : '',
    maintenanceUntil: update.enabled ? (update.until === undefined ? merchant.maintenanceUntil : update.until === null ? null : new Date(update.until)) : null,
  }));
}

export function updateFlags(db: Db, merchantCode: string, update: FlagsUpdate, actor: string) {
  return changeMerchant(db, merchantCode, actor, 'flags.update', { ...update }, (merchant) => ({
    whitelabel: { ...merchant.whitelabel, ...update.whitelabel },
    promotions: { ...merchant.promotions, ...update.promotions },
    vipDisplay: update.vip?.display ?? merchant.vipDisplay,
    vipBenefits: update.vip?.benefits ?? merchant.vipBenefits,
  }));
}

export function updateRegion(db: Db, merchantCode: string, update: RegionUpdate, actor: string) {
  return changeMerchant(db, merchantCode, actor, 'region.update', { ...update }, (merchant) => ({
    deniedCountries: update.deniedCountries ? [...new Set(update.deniedCountries)] : merchant.deniedCountries,
    deniedIpRanges: update.deniedIpRanges ? [...new Set(update.deniedIpRanges)] : merchant.deniedIpRanges,
  }));
}
