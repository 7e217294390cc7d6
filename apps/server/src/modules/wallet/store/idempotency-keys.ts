import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../platform/db/database';
import { idempotencyKeys } from '../schema';

export interface KeyOwner {
  merchantId: number;
  memberId: number;
  key: string;
}

const keyIs = (owner: KeyOwner) =>
  and(
    eq(idempotencyKeys.merchantId, owner.merchantId),
    eq(idempotencyKeys.memberId, owner.memberId),
    eq(idempotencyKeys.key, owner.key),
  );

/** Claims the key; false when it was claimed before (by this request's first try or another). */
export async function claimKey(
  tx: Tx,
  owner: KeyOwner,
  claim: { operation: string; requestHash: string },
): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ ...owner, ...claim })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findKey(
  tx: Tx,
  owner: KeyOwner,
): Promise<{ requestHash: string; response: unknown } | undefined> {
  const [prior] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(keyIs(owner));
  return prior;
}

export async function storeAnswer(tx: Tx, owner: KeyOwner, response: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: response as object })
    .where(keyIs(owner));
}

/** Deletes the keys made before `cutoff`; answers how many. */
export async function deleteKeysBefore(q: Queryable, cutoff: Date): Promise<number> {
  const purged = await q
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}

/** Many keys, by (merchant, member, key), as a row-value list for `in`. */
const ownersIn = (owners: readonly KeyOwner[]) =>
  sql`(${idempotencyKeys.merchantId}, ${idempotencyKeys.memberId}, ${idempotencyKeys.key}) in (${sql.join(
    owners.map((owner) => sql`(${owner.merchantId}::int, ${owner.memberId}::bigint, ${owner.key}::text)`),
    sql`, `,
  )})`;

/** Claims every key of `claims` not claimed before, in one statement; answers those it claimed. */
export function claimEachKey(
  tx: Tx,
  claims: readonly (KeyOwner & { operation: string; requestHash: string })[],
): Promise<KeyOwner[]> {
  return tx
    .insert(idempotencyKeys)
    .values([...claims])
    .onConflictDoNothing()
    .returning({
      merchantId: idempotencyKeys.merchantId,
      memberId: idempotencyKeys.memberId,
      key: idempotencyKeys.key,
    });
}

/** The request hash and stored answer of each of the keys found, in one statement. */
export function findKeys(
  tx: Tx,
  owners: readonly KeyOwner[],
): Promise<(KeyOwner & { requestHash: string; response: unknown })[]> {
  return tx
    .select({
      merchantId: idempotencyKeys.merchantId,
      memberId: idempotencyKeys.memberId,
      key: idempotencyKeys.key,
      requestHash: idempotencyKeys.requestHash,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(ownersIn(owners));
}

export async function deleteKeys(tx: Tx, owners: readonly KeyOwner[]): Promise<void> {
  if (owners.length === 0) return;
  await tx.delete(idempotencyKeys).where(ownersIn(owners));
}

/** Stores each key's answer, in one statement. */
export async function storeEachAnswer(tx: Tx, answers: readonly { owner: KeyOwner; answer: unknown }[]): Promise<void> {
  if (answers.length === 0) return;
  await tx.execute(sql`update ${idempotencyKeys} k set response = v.response::jsonb
    from unnest(${sql.param(answers.map(({ owner }) => owner.merchantId))}::int[], ${sql.param(answers.map(({ owner }) => owner.memberId))}::bigint[],
                ${sql.param(answers.map(({ owner }) => owner.key))}::text[], ${sql.param(answers.map(({ answer }) => JSON.stringify(answer)))}::text[])
      as v(merchant_id, member_id, key, response)
    where k.merchant_id = v.merchant_id and k.member_id = v.member_id and k.key = v.key`);
}
