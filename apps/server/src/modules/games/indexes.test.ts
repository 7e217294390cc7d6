import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { createTestDatabase } from '../../platform/testing/test-database';
import { demoMerchant, seedDemoMerchant } from '../site/seed';
import { insertMerchantIfAbsent } from '../site/store';
import { seedDemoCatalogue } from './seed';

/**
 * The catalogue's SQL stays on index ranges when a merchant has 100,000 games: the cache fill of a
 * small merchant beside a big one, the operator's name-prefix search, a member's favourites and
 * recents. (Players' lists and searches run in memory: see the games section of ARCHITECTURE.md.)
 */
const BIG_CATALOGUE = 100_000;

let database: Database;
let bigMerchantId: number;
let demoMerchantId: number;

async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const result = (await database.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await seedDemoMerchant(database.db);
  demoMerchantId = demo.id;
  await seedDemoCatalogue(database.db, demo.id);
  const big = await insertMerchantIfAbsent(database.db, {
    ...demoMerchant(),
    code: 'BIGCAT',
    name: 'Big Catalogue',
    isDefault: false,
  });
  bigMerchantId = big.id;
  await database.db.execute(sql`
    insert into game_vendors (merchant_id, code, name, account_type_name, primary_colour, accent_colour)
    values (${big.id}, 'BULK', 'Bulk Studio', 'Bulk', '#112233', '#ffeeaa')`);
  await database.db.execute(sql`
    insert into games (merchant_id, vendor_id, code, name, category, min_bet, sort_order)
    select ${big.id}, (select id from game_vendors where merchant_id = ${big.id}), 'BULK-' || n, 'Game ' || lpad(n::text, 6, '0'),
      (array['RNG', 'FISH', 'LIVE', 'PVP'])[1 + n % 4], 1, n
    from generate_series(1, ${BIG_CATALOGUE}) as n`);
  // 2,000 members of the big merchant with 25 favourites and 25 recents each.
  await database.db.execute(sql`
    insert into members (merchant_id, username, register_method)
    select ${big.id}, 'bulk' || m, 'H5' from generate_series(1, 2000) as m`);
  for (const table of ['game_favourites', 'game_recents'] as const) {
    const timeColumn = table === 'game_favourites' ? 'created_at' : 'last_played_at';
    await database.db.execute(sql`
      insert into ${sql.identifier(table)} (merchant_id, member_id, game_id, ${sql.identifier(timeColumn)})
      select ${big.id}, member.id, first.id + (member.id * 7 + k) % ${BIG_CATALOGUE}, now() - k * interval '1 minute'
      from (select id from members where merchant_id = ${big.id}) as member
      cross join (select min(id) as id from games where merchant_id = ${big.id}) as first
      cross join generate_series(0, 24) as k`);
  }
  await database.db.execute(sql`analyze`);
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe('catalogue indexes at 100,000 games', () => {
  it('fills a small merchant’s catalogue from its own index range, not the big merchant’s rows', async () => {
    const fill = await plan(
      sql`select * from games where merchant_id = ${demoMerchantId} and enabled order by category, sort_order, id`,
    );
    expect(fill).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(fill).not.toMatch(/Seq Scan on games/);
  });

  it('finds the operator’s name prefix through the lower(name) index', async () => {
    const prefix = await plan(
      sql`select * from games where merchant_id = ${bigMerchantId} and lower(name) like 'game 00012%' order by category, sort_order, id limit 50`,
    );
    expect(prefix).toContain('games_name_prefix');
  });

  it('reads a member’s favourites and recents newest first from the member’s index range', async () => {
    const [member] = (
      (await database.db.execute(
        sql`select min(id) as id from members where merchant_id = ${bigMerchantId}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    for (const [table, column, index] of [
      ['game_favourites', 'created_at', 'game_favourites_newest'],
      ['game_recents', 'last_played_at', 'game_recents_latest'],
    ] as const) {
      const memberPlan = await plan(
        sql`select game_id from ${sql.identifier(table)} where merchant_id = ${bigMerchantId} and member_id = ${member!.id} order by ${sql.identifier(column)} desc, game_id desc limit 500`,
      );
      expect(memberPlan, table).toContain(index);
    }
  });
});
