import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { runMigrations, splitMigrationsAt } from '../../platform/testing/migrations';
import { insertEarlyMerchant } from '../site/testing';
import { MEDIA_DIR } from '../web/routes';

const PICTURE_PER_LANGUAGE = '0006_merchant_minimum_age_localised_images';

describe('upgrading an installation made when a picture served every language', () => {
  it('points our banners at each language’s file, keeps other pictures for every language, and gives the merchant its minimum age', async () => {
    const { before } = splitMigrationsAt(PICTURE_PER_LANGUAGE);
    const client = new PGlite();
    try {
      await runMigrations(client, before);
      await insertEarlyMerchant(client);
      await client.exec(`
        insert into announcements (merchant_id, type, platform, title, content, image_url, seed_key) values
          (1, 'B', 'M', '{"TY":"a"}', '{"TY":"a"}', '/media/banners/welcome-bonus.svg', 'banner-welcome-bonus'),
          (1, 'B', 'M', '{"TY":"b"}', '{"TY":"b"}', 'https://cdn.example/own-banner.png', null),
          (1, 'PL', 'M', '{"TY":"c"}', '{"TY":"c"}', null, null);`);
      await runMigrations(client, [PICTURE_PER_LANGUAGE]);

      const { rows } = await client.query<{ image_url: Record<string, string> | null }>(
        'select image_url from announcements order by id',
      );
      expect(rows.map((row) => row.image_url)).toEqual([
        { TY: '/media/banners/ty/welcome-bonus.svg', EN: '/media/banners/en/welcome-bonus.svg' },
        { TY: 'https://cdn.example/own-banner.png', EN: 'https://cdn.example/own-banner.png' },
        null,
      ]);
      for (const url of Object.values(rows[0]!.image_url!))
        expect(existsSync(join(MEDIA_DIR, url.replace('/media/', '')))).toBe(true);
      expect((await client.query<{ minimum_age: number }>('select minimum_age from merchants')).rows).toEqual([
        { minimum_age: 21 },
      ]);
      await expect(client.exec(`update merchants set minimum_age = 0`)).rejects.toThrow(/merchants_minimum_age_adult/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
