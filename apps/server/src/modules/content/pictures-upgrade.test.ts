import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../platform/db/database';
import { MEDIA_DIR } from '../web/routes';

const PICTURE_PER_LANGUAGE = '0006_merchant_minimum_age_localised_images';

async function migrate(client: PGlite, tags: string[]) {
  // The breakpoint markers are SQL comments: a file runs as it is.
  for (const tag of tags) await client.exec(readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8'));
}

describe('upgrading an installation made when a picture served every language', () => {
  it('points our banners at each language’s file, keeps other pictures for every language, and gives the merchant its minimum age', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const tags = journal.entries.map((entry) => entry.tag);
    const upgrade = tags.indexOf(PICTURE_PER_LANGUAGE);
    const client = new PGlite();
    try {
      await migrate(client, tags.slice(0, upgrade));
      await client.exec(`
        insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
          site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
        values ('OLD', 'Old', 'OLDTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY","EN"]', '{}', '/logo.svg', 'old.example', '/m/home', '{}');
        insert into announcements (merchant_id, type, platform, title, content, image_url, seed_key) values
          (1, 'B', 'M', '{"TY":"a"}', '{"TY":"a"}', '/media/banners/welcome-bonus.svg', 'banner-welcome-bonus'),
          (1, 'B', 'M', '{"TY":"b"}', '{"TY":"b"}', 'https://cdn.example/own-banner.png', null),
          (1, 'PL', 'M', '{"TY":"c"}', '{"TY":"c"}', null, null);`);
      await migrate(client, [PICTURE_PER_LANGUAGE]);

      const { rows } = await client.query<{ image_url: Record<string, string> | null }>('select image_url from announcements order by id');
      expect(rows.map((row) => row.image_url)).toEqual([
        { TY: '/media/banners/ty/welcome-bonus.svg', EN: '/media/banners/en/welcome-bonus.svg' },
        { TY: 'https://cdn.example/own-banner.png', EN: 'https://cdn.example/own-banner.png' },
        null,
      ]);
      for (const url of Object.values(rows[0]!.image_url!)) expect(existsSync(join(MEDIA_DIR, url.replace('/media/', '')))).toBe(true);
      expect((await client.query<{ minimum_age: number }>('select minimum_age from merchants')).rows).toEqual([{ minimum_age: 21 }]);
      await expect(client.exec(`update merchants set minimum_age = 0`)).rejects.toThrow(/merchants_minimum_age_adult/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
