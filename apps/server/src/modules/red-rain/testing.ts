import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { MemberRow } from '../accounts/schema';
import { insertMember } from '../accounts/store';
import { DEMO_MERCHANT_ID } from '../wallet/testing';

/** Members written straight into the table (no registration round trips), for the grabs at scale. */
export async function plainMembers(database: Database, count: number, type = 0): Promise<MemberRow[]> {
  const prefix = `r${randomBytes(3).toString('hex')}`;
  const rows: MemberRow[] = [];
  for (let i = 0; i < count; i += 1)
    rows.push(
      await insertMember(database.db, {
        merchantId: DEMO_MERCHANT_ID,
        username: `${prefix}${i}`,
        registerMethod: 'username',
        type,
      }),
    );
  return rows;
}

/** A settled game round of the member (as the game wallet records it), for turnover and wins. */
export async function settledRound(
  database: Database,
  memberId: number,
  round: { stake: number; win: number; startedAt: Date; status?: 'settled' | 'open' | 'refunded'; trial?: boolean },
): Promise<void> {
  await database.db.execute(sql`insert into game_rounds
      (provider_id, round_id, merchant_id, member_id, game_node_id, game_code, game_name, vendor_code, vendor_name,
       category, currency, trial, stake, win, status, started_at, settled_at)
    select id, ${`T${randomBytes(8).toString('hex')}`}, ${DEMO_MERCHANT_ID}, ${memberId}, 1, 'slot', 'Slot', 'TEST', 'Test',
       'RNG', 'PHP', ${round.trial ?? false}, ${round.stake}, ${round.win}, ${round.status ?? 'settled'},
       ${round.startedAt.toISOString()}::timestamptz, ${round.startedAt.toISOString()}::timestamptz
    from game_providers order by id limit 1`);
}
