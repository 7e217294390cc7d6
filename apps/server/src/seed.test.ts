import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { API_PATHS, decryptCustomerServiceLink } from '@palaro/contract';
import { createTestApp, type TestApp } from './test-app';
import { announcements } from './modules/content/schema';
import { merchantDomains, merchants } from './modules/site/schema';
import { seedDemoData } from './seed';
import { DEMO_CUSTOMER_SERVICE_LINKS } from './modules/site/seed';
import { findMerchantByCode, updateMerchant } from './modules/site/store';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function counts() {
  const db = testApp.db.db;
  const [m] = await db.select({ value: count() }).from(merchants);
  const [d] = await db.select({ value: count() }).from(merchantDomains);
  const [a] = await db.select({ value: count() }).from(announcements);
  return { merchants: m!.value, domains: d!.value, announcements: a!.value };
}

describe('demo seed', () => {
  it('is idempotent and keeps operator changes', async () => {
    expect(await counts()).toEqual({ merchants: 1, domains: 2, announcements: 17 });
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    await updateMerchant(testApp.db.db, merchant!.id, {
      maintenanceEnabled: true,
      whitelabel: { ...merchant!.whitelabel, DIRECTREG3: false },
    });
    await seedDemoData(testApp.db.db);
    await seedDemoData(testApp.db.db);
    expect(await counts()).toEqual({ merchants: 1, domains: 2, announcements: 17 });
    const after = await findMerchantByCode(testApp.db.db, 'PALARO');
    expect(after!.maintenanceEnabled).toBe(true);
    expect(after!.whitelabel.DIRECTREG3).toBe(false);
    expect(after!.customerService).toEqual(merchant!.customerService);
    await updateMerchant(testApp.db.db, merchant!.id, { maintenanceEnabled: false, whitelabel: merchant!.whitelabel });
  });

  it('serves customer-service links encrypted, decrypting to the seeded links', async () => {
    const settings = (await testApp.app.inject({ url: API_PATHS.siteSettings })).json().value;
    for (const [name, link] of Object.entries(DEMO_CUSTOMER_SERVICE_LINKS)) {
      const encrypted = settings.customerService[name];
      expect(encrypted).not.toContain(link);
      expect(decryptCustomerServiceLink(encrypted)).toBe(link);
    }
    expect(settings.customerService.telegram).not.toMatch(/t\.me/);
  });

  it('seeds the registration rules and the merchant by host', async () => {
    const settings = (
      await testApp.app.inject({ url: API_PATHS.siteSettings, headers: { host: 'unknown.example:8080' } })
    ).json().value;
    expect(settings.merchantCode).toBe('PALARO');
    expect(settings.register.fields.username).toEqual({ enabled: true, required: true, pattern: '^[a-z0-9]{6,16}$' });
    expect(new RegExp(settings.register.fields.password.pattern).test('abc12345')).toBe(true);
    expect(new RegExp(settings.register.fields.password.pattern).test('abcdefgh')).toBe(false);
    expect(settings.register.fields.qqNum).toEqual({ enabled: false, required: false, pattern: null });
    expect(settings.register.defaultCountryDialingCode).toBe('+63');
    expect(settings.whitelabel).toMatchObject({
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      DIRECTREG3: true,
      CHNGPASSVERIF3: true,
    });
    expect(settings.promotions.REFERRAL).toBe(true);
    for (const download of settings.resources.downloads) {
      expect((await testApp.app.inject({ url: download.url })).statusCode).toBe(200);
    }
    expect((await testApp.app.inject({ url: settings.logoUrl })).statusCode).toBe(200);
  });
});
