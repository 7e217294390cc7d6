import type { z } from 'zod';
import {
  ERROR_CODES,
  fieldError,
  type TOperatorCredential,
  type TOperatorCredentialCreated,
  type TOperatorCredentials,
  type TOperatorMerchantState,
} from '@palaro/contract';
import type { ZFlagsUpdate, ZMaintenanceUpdate, ZRegionUpdate } from '@palaro/contract/schemas';
import { digestsEqual, generateToken, sha256Hex } from '../../platform/crypto';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Db } from '../../platform/db/database';
import { DomainError, NotFoundError, OperatorUnauthorisedError, RateLimitedError } from '../../platform/http/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { MerchantRow } from '../site/schema';
import {
  lockLapsedMaintenance,
  maintenanceAt,
  requireMerchantByCode,
  updateMerchant,
  type MerchantChanges,
} from '../site/service';
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
    const credentials = await store.activeCredentials(db);
    // Compare against all of them so the time taken does not depend on which one matched.
    const matches = credentials.map((credential) => digestsEqual(credential.tokenHash, presentedHash));
    const matched = credentials[matches.indexOf(true)];
    // The audit log names the credential by its id (its label is public), never by the token or its hash.
    if (matched) return { actor: `${OPERATOR_ACTOR_PREFIX}${matched.id}` };
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

const OPERATOR_ACTOR_PREFIX = 'operator:';

function toOperatorCredential(row: store.OperatorCredentialRow): TOperatorCredential {
  return {
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listOperatorCredentials(db: Db): Promise<TOperatorCredentials> {
  return { list: (await store.listCredentials(db)).map(toOperatorCredential) };
}

/** A new operator token with its label (default "Operator <id>"), answered once; the audit row names it by id and label. */
export async function createOperatorCredential(
  db: Db,
  label: string | undefined,
  actor: string,
): Promise<TOperatorCredentialCreated> {
  const token = generateToken();
  return db.transaction(async (tx) => {
    const row = (await store.insertCredentialIfAbsent(tx, sha256Hex(token), label))!;
    await recordAudit(tx, {
      actor,
      action: 'operator.credential.create',
      merchantId: null,
      details: { id: row.id, label: row.label },
    });
    return { ...toOperatorCredential(row), token };
  });
}

/** Revokes an operator token: refused from its next request on (this one's own included, if it revokes itself). */
export async function revokeOperatorCredential(
  db: Db,
  id: number,
  actor: string,
  now: Date,
): Promise<TOperatorCredential> {
  return db.transaction(async (tx) => {
    const row = await store.revokeCredential(tx, id, now);
    if (!row) throw new NotFoundError(`No operator credential ${id}`);
    await recordAudit(tx, {
      actor,
      action: 'operator.credential.revoke',
      merchantId: null,
      details: { id: row.id, label: row.label },
    });
    return toOperatorCredential(row);
  });
}

/**
 * What the public sees of the operators audit actors name: each `operator:…` actor by its label
 * (whether named by id, or by a hash prefix as before ids were used); other actors as they are.
 */
export async function publicActorNames(db: Db, actors: readonly string[]): Promise<Map<string, string>> {
  const named = actors
    .filter((actor) => actor.startsWith(OPERATOR_ACTOR_PREFIX))
    .map((actor) => actor.slice(OPERATOR_ACTOR_PREFIX.length));
  const ids = named.filter((name) => /^[1-9][0-9]{0,9}$/.test(name)).map(Number);
  const prefixes = named.filter((name) => /^[0-9a-f]{12}$/.test(name));
  const rows = await store.credentialsNamed(db, ids, prefixes);
  const labelOf = (name: string) =>
    rows.find((row) => String(row.id) === name || (/^[0-9a-f]{12}$/.test(name) && row.tokenHash.startsWith(name)))
      ?.label ?? 'Operator';
  return new Map(
    actors.map((actor) => [
      actor,
      actor.startsWith(OPERATOR_ACTOR_PREFIX) ? labelOf(actor.slice(OPERATOR_ACTOR_PREFIX.length)) : actor,
    ]),
  );
}

export function toOperatorState(merchant: MerchantRow, now: Date): TOperatorMerchantState {
  const maintenance = maintenanceAt(merchant, now);
  return {
    merchantCode: merchant.code,
    maintenance: {
      enabled: maintenance.enabled,
      message: maintenance.message,
      until: maintenance.until?.toISOString() ?? null,
    },
    region: { deniedCountries: merchant.deniedCountries, deniedIpRanges: merchant.deniedIpRanges },
    whitelabel: Object.fromEntries(
      Object.entries(merchant.whitelabel).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    ),
    promotions: Object.fromEntries(
      Object.entries(merchant.promotions).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    ),
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

export async function updateMaintenance(
  db: Db,
  merchantCode: string,
  update: MaintenanceUpdate,
  actor: string,
  now: Date,
) {
  assertMaintenanceEndAhead(update, now);
  return changeMerchant(db, merchantCode, now, actor, 'maintenance.update', { ...update }, (merchant) => {
    // Turning maintenance off clears its notice so a later "on" never shows a stale message; one
    // that ended by itself is off already and carries nothing into the next either.
    if (!update.enabled) return { maintenanceEnabled: false, maintenanceMessage: '', maintenanceUntil: null };
    const current = maintenanceAt(merchant, now);
    return {
      maintenanceEnabled: true,
      maintenanceMessage: update.message ?? current.message,
      maintenanceUntil:
        update.until === undefined ? current.until : update.until === null ? null : new Date(update.until),
    };
  });
}

/** Writes down the maintenances whose end has passed (readers already treat them as over), each with an audit row. */
export async function endLapsedMaintenance(db: Db, now: Date): Promise<number> {
  return transactionAnnouncing(db, async (tx) => {
    const lapsed = await lockLapsedMaintenance(tx, now);
    for (const merchant of lapsed) {
      await updateMerchant(tx, merchant.id, {
        maintenanceEnabled: false,
        maintenanceMessage: '',
        maintenanceUntil: null,
      });
      await recordAudit(tx, {
        actor: 'system:schedule',
        action: 'maintenance.ended',
        merchantId: merchant.id,
        details: { until: merchant.maintenanceUntil?.toISOString() },
      });
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
