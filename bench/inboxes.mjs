#!/usr/bin/env node
/**
 * Prepares the inboxes `npm run bench` measures (run.mjs runs it after bench/catalogues.mjs, on the
 * same database): one merchant per size in INBOX_SIZES, on a host of its own, with that many
 * members, three system messages each (a deposit credited, a withdrawal paid, a transfer), 20
 * broadcasts to all of them (one row each, however many members) and 5 messages to its bench member,
 * who has a session the bench signs in with — so a member's inbox page can be measured at 1,000 and
 * at 100,000 members side by side. Idempotent: a merchant that has its members is left as it is.
 */
import { sql } from 'drizzle-orm';
import { sha256Hex } from '../apps/server/src/platform/crypto.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { insertSession } from '../apps/server/src/modules/accounts/store.ts';
import { demoMerchant } from '../apps/server/src/modules/site/seed.ts';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from '../apps/server/src/modules/site/store.ts';
import { INBOX_SIZES, inboxHost, inboxSessionCookie } from './inbox-hosts.mjs';

const BROADCASTS = 20;
const OWN_MESSAGES = 5;
const SESSION_SECONDS = 24 * 3600;

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
  log: createLogger({ logLevel: 'warn' }),
});
try {
  for (const size of INBOX_SIZES) {
    const merchant = await insertMerchantIfAbsent(database.db, {
      ...demoMerchant(),
      code: `BENCHINBOX${size}`,
      name: `Bench ${size.toLocaleString('en')} members`,
      isDefault: false,
    });
    await insertDomainsIfAbsent(database.db, merchant.id, [inboxHost(size)]);
    const existing = await database.db.execute(
      sql`select 1 from members where merchant_id = ${merchant.id} and username = 'inboxbench'`,
    );
    if (existing.rows.length > 0) continue;
    const started = performance.now();
    // The members joined a day ago, so the broadcasts sent since reach every one of them.
    await database.db.execute(sql`
      insert into members (merchant_id, username, register_method, created_at)
      select ${merchant.id}, 'inbox' || lpad(n::text, 7, '0'), 'H5', now() - interval '1 day'
      from generate_series(1, ${size - 1}) as n`);
    const [bench] = (
      await database.db.execute(sql`
        insert into members (merchant_id, username, register_method, created_at)
        values (${merchant.id}, 'inboxbench', 'H5', now() - interval '1 day') returning id`)
    ).rows;
    const memberId = Number(bench.id);
    await database.db.execute(sql`
      insert into inbox_messages (merchant_id, audience, member_id, kind, payload, created_at)
      select m.merchant_id, 'member', m.id, k.kind, jsonb_build_object('orderNo', 'B' || m.id || k.n, 'amount', 50000),
        now() - interval '20 hours' + k.n * interval '1 hour'
      from members m cross join (values (1, 'deposit.credited'), (2, 'withdrawal.paid'), (3, 'transfer.received')) as k (n, kind)
      where m.merchant_id = ${merchant.id}`);
    await database.db.execute(sql`
      insert into inbox_messages (merchant_id, audience, kind, title, body, sent_by, created_at)
      select ${merchant.id}, 'all', 'operator',
        jsonb_build_object('TY', 'Balita ' || n, 'EN', 'News ' || n),
        jsonb_build_object('TY', '<p>Balita <strong>' || n || '</strong> para sa lahat.</p>', 'EN', '<p>News <strong>' || n || '</strong> for everyone.</p>'),
        'operator:bench', now() - interval '10 hours' + n * interval '10 minutes'
      from generate_series(1, ${BROADCASTS}) as n`);
    await database.db.execute(sql`
      insert into inbox_messages (merchant_id, audience, member_id, kind, title, body, sent_by, created_at)
      select ${merchant.id}, 'member', ${memberId}, 'operator',
        jsonb_build_object('TY', 'Para sa iyo ' || n, 'EN', 'For you ' || n),
        jsonb_build_object('TY', '<p>Mensahe ' || n || '.</p>', 'EN', '<p>Message ' || n || '.</p>'),
        'operator:bench', now() - interval '5 hours' + n * interval '10 minutes'
      from generate_series(1, ${OWN_MESSAGES}) as n`);
    const now = new Date();
    await insertSession(database.db, {
      tokenHash: sha256Hex(inboxSessionCookie(size).split('=')[1]),
      merchantId: merchant.id,
      memberId,
      now,
      expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000),
      ip: '127.0.0.1',
      device: 'bench',
    });
    console.log(
      `  ${size.toLocaleString('en')} members with ${(size * 3).toLocaleString('en')} system messages and ${BROADCASTS} broadcasts for ${inboxHost(size)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await database.db.execute(sql`analyze members`);
  await database.db.execute(sql`analyze inbox_messages`);
} finally {
  await database.close();
}
