import { and, eq, lte } from 'drizzle-orm';
import { announceChange } from '../../platform/cache/change-feed';
import type { Queryable } from '../../platform/db/database';
import { merchantDomains, merchants, type MerchantRow, type NewMerchantRow } from './schema';

export async function findMerchantByHost(q: Queryable, host: string): Promise<MerchantRow | undefined> {
  const rows = await q
    .select({ merchant: merchants })
    .from(merchantDomains)
    .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
    .where(eq(merchantDomains.host, host))
    .limit(1);
  return rows[0]?.merchant;
}

/**
 * The topic a change to a merchant's row or domains is announced under (cache.ts listens). Every
 * write here announces it: the merchant caches of every replica start over when it commits.
 */
export function merchantTopic(merchantId: number): string {
  return `site:merchant:${merchantId}`;
}

/** Every merchant: a handful of brands, read whole by the in-memory directory (cache.ts). */
export async function listMerchants(q: Queryable): Promise<MerchantRow[]> {
  return q.select().from(merchants);
}

export async function listDomains(q: Queryable): Promise<{ host: string; merchantId: number }[]> {
  return q.select().from(merchantDomains);
}

export async function findDefaultMerchant(q: Queryable): Promise<MerchantRow | undefined> {
  const rows = await q.select().from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  return rows[0];
}

export async function findMerchantByCode(q: Queryable, code: string): Promise<MerchantRow | undefined> {
  const rows = await q.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  return rows[0];
}

/** Inserts the merchant unless its code exists; an existing merchant is left exactly as it is. */
export async function insertMerchantIfAbsent(q: Queryable, merchant: NewMerchantRow): Promise<MerchantRow> {
  await q.insert(merchants).values(merchant).onConflictDoNothing({ target: merchants.code });
  const stored = await findMerchantByCode(q, merchant.code);
  if (!stored) throw new Error(`merchant ${merchant.code} missing right after its insert`);
  await announceChange(q, merchantTopic(stored.id));
  return stored;
}

export async function insertDomainsIfAbsent(q: Queryable, merchantId: number, hosts: readonly string[]): Promise<void> {
  if (hosts.length === 0) return;
  await q
    .insert(merchantDomains)
    .values(hosts.map((host) => ({ host, merchantId })))
    .onConflictDoNothing({ target: merchantDomains.host });
  await announceChange(q, merchantTopic(merchantId));
}

export type MerchantChanges = Partial<
  Pick<
    MerchantRow,
    | 'maintenanceEnabled'
    | 'maintenanceMessage'
    | 'maintenanceUntil'
    | 'whitelabel'
    | 'promotions'
    | 'vipDisplay'
    | 'vipBenefits'
    | 'deniedCountries'
    | 'deniedIpRanges'
  >
>;

export async function updateMerchant(q: Queryable, merchantId: number, changes: MerchantChanges): Promise<MerchantRow> {
  const rows = await q
    .update(merchants)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(merchants.id, merchantId))
    .returning();
  const updated = rows[0];
  if (!updated) throw new Error(`merchant ${merchantId} vanished during its update`);
  await announceChange(q, merchantTopic(merchantId));
  return updated;
}

/**
 * Merchants in a maintenance whose end is at or before `now`, locked for the caller's transaction.
 * A replica that waited for the lock re-reads the row and no longer finds it: each ends once.
 */
export async function lockLapsedMaintenance(q: Queryable, now: Date): Promise<MerchantRow[]> {
  return q
    .select()
    .from(merchants)
    .where(and(eq(merchants.maintenanceEnabled, true), lte(merchants.maintenanceUntil, now)))
    .for('update');
}

export async function findMerchantById(q: Queryable, merchantId: number): Promise<MerchantRow | undefined> {
  const [row] = await q.select().from(merchants).where(eq(merchants.id, merchantId));
  return row;
}
