import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { runMigrations, splitMigrationsAt } from '../../platform/testing/migrations';
import { insertEarlyMerchant } from '../site/testing';
import { MEDIA_DIR } from '../web/routes';

const PICTURE_PER_LANGUAGE = '0006_merchant_minimum_age_localised_images';
const SEEDED_PICTURES_WEBP = '0025_seeded_pictures_webp';

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

  it('points the seeded banners, logo and app icon at their WebP files and leaves an operator’s own pictures', async () => {
    const { before } = splitMigrationsAt(SEEDED_PICTURES_WEBP);
    const client = new PGlite();
    try {
      await runMigrations(client, before);
      await insertEarlyMerchant(client);
      await client.exec(`
        update merchants set logo_url = '/media/brand/logo.svg', downloads = '[
          {"resourceType": "Android", "url": "/media/downloads/android.html"},
          {"resourceType": "AppDownloadIcon", "url": "/media/brand/app-icon.svg"}]';
        insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
          site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
        values ('OWN', 'Own', 'OWNTRIAL', '{}', '{}', '{}', '{}',
          '[{"resourceType": "AppDownloadIcon", "url": "https://cdn.example/icon.png"}]', '[]', '{}', '[]', '["TY"]', '{}',
          'https://cdn.example/logo.png', 'own.example', '/m/home', '{}');
        insert into announcements (merchant_id, type, platform, title, content, image_url, seed_key) values
          (1, 'B', 'M', '{"TY":"a"}', '{"TY":"a"}',
            '{"TY": "/media/banners/ty/welcome-bonus.svg", "EN": "/media/banners/en/welcome-bonus.svg"}', 'banner-welcome-bonus'),
          (1, 'B', 'M', '{"TY":"b"}', '{"TY":"b"}', '{"TY": "https://cdn.example/own.svg"}', 'banner-edited-by-operator'),
          (1, 'B', 'M', '{"TY":"c"}', '{"TY":"c"}', '{"TY": "/media/banners/ty/daily-lotto.svg"}', null),
          (1, 'PL', 'M', '{"TY":"d"}', '{"TY":"d"}', null, 'notice-welcome');`);
      await runMigrations(client, [SEEDED_PICTURES_WEBP]);

      const announcements = await client.query<{ image_url: Record<string, string> | null }>(
        'select image_url from announcements order by id',
      );
      expect(announcements.rows.map((row) => row.image_url)).toEqual([
        { TY: '/media/banners/ty/welcome-bonus.webp', EN: '/media/banners/en/welcome-bonus.webp' },
        { TY: 'https://cdn.example/own.svg' },
        { TY: '/media/banners/ty/daily-lotto.svg' },
        null,
      ]);
      const merchantRows = await client.query<{ logo_url: string; downloads: { url: string }[] }>(
        'select logo_url, downloads from merchants order by id',
      );
      expect(merchantRows.rows.map((row) => [row.logo_url, row.downloads.map((download) => download.url)])).toEqual([
        ['/media/brand/logo.webp', ['/media/downloads/android.html', '/media/brand/app-icon.webp']],
        ['https://cdn.example/logo.png', ['https://cdn.example/icon.png']],
      ]);
      const served = [
        ...Object.values(announcements.rows[0]!.image_url!),
        merchantRows.rows[0]!.logo_url,
        ...merchantRows.rows[0]!.downloads.map((download) => download.url),
      ];
      for (const url of served) expect(existsSync(join(MEDIA_DIR, url.replace('/media/', '')))).toBe(true);
    } finally {
      await client.close();
    }
  }, 120_000);
});
