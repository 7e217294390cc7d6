import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database';
import {
  inhouseRounds,
  inhouseSeeds,
  inhouseSessions,
  type InhouseRoundRow,
  type InhouseSeedRow,
  type InhouseSessionRow,
  type NewInhouseRoundRow,
} from './schema';

/** Every query on the in-house game server's tables. */

export async function insertSession(
  q: Queryable,
  row: typeof inhouseSessions.$inferInsert,
): Promise<InhouseSessionRow> {
  const [session] = await q.insert(inhouseSessions).values(row).returning();
  return session!;
}

export async function sessionByTokenHash(q: Queryable, tokenHash: string): Promise<InhouseSessionRow | null> {
  const [session] = await q.select().from(inhouseSessions).where(eq(inhouseSessions.tokenHash, tokenHash)).limit(1);
  return session ?? null;
}

export async function sessionById(q: Queryable, id: number): Promise<InhouseSessionRow | null> {
  const [session] = await q.select().from(inhouseSessions).where(eq(inhouseSessions.id, id)).limit(1);
  return session ?? null;
}

/** Sessions ended before `before`; rounds keep theirs, so only those no round names go. */
export async function deleteExpiredSessions(q: Queryable, before: Date): Promise<number> {
  const deleted = await q
    .delete(inhouseSessions)
    .where(
      and(
        lt(inhouseSessions.expiresAt, before),
        sql`not exists (select 1 from ${inhouseRounds} where ${inhouseRounds.sessionId} = ${inhouseSessions.id})`,
      ),
    )
    .returning({ id: inhouseSessions.id });
  return deleted.length;
}

/** Makes the player's active seed for the game if there is none (two at once: one wins). */
export async function insertSeedIfNone(q: Queryable, row: typeof inhouseSeeds.$inferInsert): Promise<void> {
  await q.insert(inhouseSeeds).values(row).onConflictDoNothing();
}

export async function activeSeed(
  q: Queryable,
  playerId: string,
  gameCode: string,
  options: { lock?: boolean } = {},
): Promise<InhouseSeedRow | null> {
  const query = q
    .select()
    .from(inhouseSeeds)
    .where(
      and(eq(inhouseSeeds.playerId, playerId), eq(inhouseSeeds.gameCode, gameCode), isNull(inhouseSeeds.revealedAt)),
    )
    .limit(1);
  const [seed] = options.lock ? await query.for('update') : await query;
  return seed ?? null;
}

export async function lastRevealedSeed(
  q: Queryable,
  playerId: string,
  gameCode: string,
): Promise<InhouseSeedRow | null> {
  const [seed] = await q
    .select()
    .from(inhouseSeeds)
    .where(
      and(eq(inhouseSeeds.playerId, playerId), eq(inhouseSeeds.gameCode, gameCode), isNotNull(inhouseSeeds.revealedAt)),
    )
    .orderBy(desc(inhouseSeeds.id))
    .limit(1);
  return seed ?? null;
}

export async function seedsById(q: Queryable, ids: number[]): Promise<Map<number, InhouseSeedRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select()
    .from(inhouseSeeds)
    .where(inArray(inhouseSeeds.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function takeNonce(q: Queryable, seedId: number): Promise<void> {
  await q
    .update(inhouseSeeds)
    .set({ nextNonce: sql`${inhouseSeeds.nextNonce} + 1` })
    .where(eq(inhouseSeeds.id, seedId));
}

export async function updateSeed(
  q: Queryable,
  seedId: number,
  change: Partial<Pick<InhouseSeedRow, 'clientSeed' | 'revealedAt'>>,
): Promise<void> {
  await q.update(inhouseSeeds).set(change).where(eq(inhouseSeeds.id, seedId));
}

export async function insertRound(q: Queryable, row: NewInhouseRoundRow): Promise<InhouseRoundRow> {
  const [round] = await q.insert(inhouseRounds).values(row).returning();
  return round!;
}

export async function roundById(
  q: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<InhouseRoundRow | null> {
  const query = q.select().from(inhouseRounds).where(eq(inhouseRounds.id, id)).limit(1);
  const [round] = options.lock ? await query.for('update') : await query;
  return round ?? null;
}

/** The player's mines round in play (starting or open) in this game. */
export async function roundInPlay(
  q: Queryable,
  playerId: string,
  gameCode: string,
  options: { lock?: boolean } = {},
): Promise<InhouseRoundRow | null> {
  const query = q
    .select()
    .from(inhouseRounds)
    .where(
      and(
        eq(inhouseRounds.playerId, playerId),
        eq(inhouseRounds.gameCode, gameCode),
        inArray(inhouseRounds.status, ['starting', 'open']),
      ),
    )
    .limit(1);
  const [round] = options.lock ? await query.for('update') : await query;
  return round ?? null;
}

export async function updateRound(
  q: Queryable,
  id: number,
  change: Partial<InhouseRoundRow>,
): Promise<InhouseRoundRow> {
  const [round] = await q.update(inhouseRounds).set(change).where(eq(inhouseRounds.id, id)).returning();
  return round!;
}

/** Changes the round only while it is still in `status` (a player's retry and the settlement job may race); null when it moved on. */
export async function updateRoundIn(
  q: Queryable,
  id: number,
  status: string,
  change: Partial<InhouseRoundRow>,
): Promise<InhouseRoundRow | null> {
  const [round] = await q
    .update(inhouseRounds)
    .set(change)
    .where(and(eq(inhouseRounds.id, id), eq(inhouseRounds.status, status)))
    .returning();
  return round ?? null;
}

/** Rounds a player sees (refused bets never happened for them), newest first. */
const VISIBLE = sql`${inhouseRounds.status} <> 'refused'`;

export async function playerRounds(
  q: Queryable,
  playerId: string,
  gameCode: string,
  page: { offset: number; limit: number },
): Promise<{ rows: InhouseRoundRow[]; total: number }> {
  const where = and(eq(inhouseRounds.playerId, playerId), eq(inhouseRounds.gameCode, gameCode), VISIBLE);
  const [rows, [totals]] = await Promise.all([
    q.select().from(inhouseRounds).where(where).orderBy(desc(inhouseRounds.id)).offset(page.offset).limit(page.limit),
    q.select({ total: count() }).from(inhouseRounds).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Rounds whose last money call is not confirmed, last changed before `before` (live requests finish their own first). */
export async function unsettledRounds(q: Queryable, before: Date, limit: number): Promise<InhouseRoundRow[]> {
  return q
    .select()
    .from(inhouseRounds)
    .where(
      and(
        eq(inhouseRounds.settlement, 'pending'),
        lt(sql`coalesce(${inhouseRounds.endedAt}, ${inhouseRounds.createdAt})`, before),
      ),
    )
    .orderBy(inhouseRounds.id)
    .limit(limit);
}
