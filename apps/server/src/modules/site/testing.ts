import type { PGlite } from '@electric-sql/pglite';

/** A merchant row as an installation made by the first migrations had it (id 1), for upgrade tests. */
export async function insertEarlyMerchant(client: PGlite): Promise<void> {
  await client.exec(`
    insert into merchants (code, name, trial_merchant_code, whitelabel, promotions, mobile_template, registration, downloads,
      site_resources, customer_service, image_cdns, languages, theme, logo_url, main_domain, domain_route, paths)
    values ('OLD', 'Old', 'OLDTRIAL', '{}', '{}', '{}', '{}', '[]', '[]', '{}', '[]', '["TY","EN"]', '{}', '/logo.svg', 'old.example', '/m/home', '{}');`);
}
