import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, operatorPath } from '@palaro/contract';
import { fromPglite, MIGRATIONS_FOLDER } from '../../platform/db/database';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { seedDemoData } from '../../seed';
import { withdrawalSettings } from '../withdrawals/settings';
import { DEMO_MERCHANT_ID } from '../wallet/testing';
import { paymentChannels } from './schema';
import { DEMO_CHANNELS } from './seed';

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

describe('restarting after the operator changed seeded rows', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const channelsOf = () =>
    testApp.db.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.merchantId, DEMO_MERCHANT_ID))
      .orderBy(asc(paymentChannels.id));

  it('keeps a renamed payment channel and adds no second one', async () => {
    const before = await channelsOf();
    expect(before.map((channel) => channel.seedKey)).toEqual(DEMO_CHANNELS.map((channel) => channel.seedKey));
    const gcash = before.find((channel) => channel.method === 'GCASH')!;
    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: operatorPath(API_PATHS.operatorChannel, 'PALARO').replace(':id', String(gcash.id)),
      headers: auth,
      payload: { name: 'GCash Express', feeBasisPoints: 100 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    await seedDemoData(testApp.db.db);
    const after = await channelsOf();
    expect(after).toHaveLength(before.length);
    expect(after.find((channel) => channel.id === gcash.id)).toMatchObject({
      name: 'GCash Express',
      feeBasisPoints: 100,
      callbackSecret: gcash.callbackSecret,
    });
    expect(after.filter((channel) => channel.method === 'GCASH')).toHaveLength(1);
    const listed = (
      await testApp.app.inject({ url: operatorPath(API_PATHS.operatorChannels, 'PALARO'), headers: auth })
    ).json().value.list as { name: string }[];
    expect(listed.map((channel) => channel.name)).not.toContain('GCash');
  });

  it('keeps the wallet rules the operator changed', async () => {
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: operatorPath(API_PATHS.operatorWalletSettings, 'PALARO'),
      headers: auth,
      payload: { depositTurnoverPercent: 0 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await seedDemoData(testApp.db.db);
    const rules = (
      await testApp.app.inject({ url: operatorPath(API_PATHS.operatorWalletSettings, 'PALARO'), headers: auth })
    ).json().value;
    expect(rules).toMatchObject({
      depositTurnoverPercent: 0,
      withdrawMin: Number(withdrawalSettings.defaults.withdrawMin),
    });
  });
});

describe('the migration that gave payment channels their seed key', () => {
  const MIGRATION = '0005_payment_channel_seed_keys';
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'palaro-migrations-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** The migrations as they were before the seed key: the journal up to the one before it. */
  function migrationsBefore(tag: string): string {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(index).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    return folder;
  }

  // A database of its own, made and migrated twice: slow on a busy machine.
  it('keys the channels seeded before it, so a channel renamed back then is still recognised', async () => {
    const client = new PGlite();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore(MIGRATION) });
      // The demo merchant and its channels as the old seed wrote them; GCash since renamed, and the
      // second "GCash" a restart added because of it.
      const {
        rows: [merchant],
      } = await client.query<{ id: number }>(`
        insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
          site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
        values ('PALARO', 'Palaro', 'PALAROTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY"]', '{}', '', 'localhost', '/m/home', '{}')
        returning id`);
      const {
        rows: [other],
      } = await client.query<{ id: number }>(`
        insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
          site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
        values ('OTHER', 'Other', 'OTHERTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY"]', '{}', '', 'other.example', '/m/home', '{}')
        returning id`);
      const seeded = [
        ...DEMO_CHANNELS.map((channel) => [
          merchant!.id,
          channel.method,
          channel.kind,
          channel.method === 'GCASH' ? 'GCash Express' : channel.name,
        ]),
        [merchant!.id, 'GCASH', 'online', 'GCash'],
        [other!.id, 'GCASH', 'online', 'GCash'],
      ];
      for (const [merchantId, method, kind, name] of seeded) {
        await client.query(
          'insert into payment_channels (merchant_id, method, kind, name, min_amount, max_amount) values ($1, $2, $3, $4, 10000, 5000000)',
          [merchantId, method, kind, name],
        );
      }

      const database = fromPglite(client);
      await database.migrate();
      const keyed = await database.db
        .select({
          merchantId: paymentChannels.merchantId,
          name: paymentChannels.name,
          seedKey: paymentChannels.seedKey,
        })
        .from(paymentChannels)
        .orderBy(asc(paymentChannels.id));
      expect(keyed).toEqual([
        ...DEMO_CHANNELS.map((channel) => ({
          merchantId: merchant!.id,
          name: channel.method === 'GCASH' ? 'GCash Express' : channel.name,
          seedKey: channel.seedKey,
        })),
        { merchantId: merchant!.id, name: 'GCash', seedKey: null },
        { merchantId: other!.id, name: 'GCash', seedKey: null },
      ]);

      await seedDemoData(database.db);
      expect(await database.db.select().from(paymentChannels)).toHaveLength(keyed.length);
    } finally {
      await client.close();
    }
  }, 120_000);
});
