import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../platform/testing/test-app';
import { findMerchantByCode } from '../site/store';
import { auditEntriesFor } from './store';
import { bootstrapOperatorCredential } from './service';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const url = (template: string, merchant = 'PALARO') => operatorPath(template, merchant);
const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

describe('operator API', () => {
  it('refuses a missing or wrong token with 401, and throttles repeated failures with 429', async () => {
    const missing = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.operatorUnauthorised });
    const wrong = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10', headers: { authorization: `Bearer guess${attempt}` } })).statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right token waits out the window from that address; other addresses are unaffected.
    expect((await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10', headers: auth })).statusCode).toBe(429);
    expect((await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.11', headers: auth })).statusCode).toBe(200);
  });

  it('shows the merchant state and 404 for an unknown merchant', async () => {
    const shown = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), headers: auth });
    expect(shown.json().value).toMatchObject({ merchantCode: 'PALARO', maintenance: { enabled: false }, vip: { display: true } });
    const unknown = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant, 'NOPE'), headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(ERROR_CODES.notFound);
  });

  it('toggles maintenance, visible on the next start-up call, with an audit row', async () => {
    const on = await testApp.app.inject({ method: 'PUT', url: url(API_PATHS.operatorMaintenance), headers: auth, payload: { enabled: true, message: 'Saglit lang po' } });
    expect(on.statusCode).toBe(200);
    expect(on.json().value.maintenance).toEqual({ enabled: true, message: 'Saglit lang po', until: null });
    expect((await testApp.app.inject({ url: API_PATHS.startup })).json().value.startup.mode).toBe('maintenance');
    await testApp.app.inject({ method: 'PUT', url: url(API_PATHS.operatorMaintenance), headers: auth, payload: { enabled: false } });
    expect((await testApp.app.inject({ url: API_PATHS.startup })).json().value.startup).toMatchObject({ mode: 'normal', info: { message: '' } });

    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const audit = await auditEntriesFor(testApp.db.db, merchant!.id);
    expect(audit.map((entry) => entry.action).slice(-2)).toEqual(['maintenance.update', 'maintenance.update']);
    expect(audit.at(-2)!.details).toEqual({ enabled: true, message: 'Saglit lang po' });
    expect(audit.at(-1)!.actor).toMatch(/^operator:[0-9a-f]{12}$/);
    expect(JSON.stringify(audit)).not.toContain(TEST_OPERATOR_TOKEN);
  });

  it('patches flags, promotions and VIP display, and the settings show them', async () => {
    const patched = await testApp.app.inject({
      method: 'PATCH', url: url(API_PATHS.operatorFlags), headers: auth,
      payload: { whitelabel: { DIRECTREG3: false, GOOGLELOGIN3: true }, promotions: { MISSION: true }, vip: { display: false } },
    });
    expect(patched.statusCode).toBe(200);
    const settings = (await testApp.app.inject({ url: API_PATHS.siteSettings })).json().value;
    expect(settings.whitelabel).toMatchObject({ DIRECTREG3: false, GOOGLELOGIN3: true, USERNAMEREG3: true });
    expect(settings.promotions).toEqual({ REFERRAL: true, MISSION: true });
    expect(settings.vip).toEqual({ display: false, benefits: true });
  });

  it('refuses invalid bodies with field errors and writes nothing', async () => {
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const auditBefore = (await auditEntriesFor(testApp.db.db, merchant!.id)).length;
    const badFlag = await testApp.app.inject({ method: 'PATCH', url: url(API_PATHS.operatorFlags), headers: auth, payload: { whitelabel: { NOTAFLAG: true } } });
    expect(badFlag.statusCode).toBe(400);
    const badRange = await testApp.app.inject({ method: 'PUT', url: url(API_PATHS.operatorRegion), headers: auth, payload: { deniedIpRanges: ['10.0.0.0/99'] } });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().value.fields[0].field).toBe('deniedIpRanges.0');
    const badCountry = await testApp.app.inject({ method: 'PUT', url: url(API_PATHS.operatorRegion), headers: auth, payload: { deniedCountries: ['usa'] } });
    expect(badCountry.statusCode).toBe(400);
    expect((await auditEntriesFor(testApp.db.db, merchant!.id)).length).toBe(auditBefore);
  });

  it('registers a configured token once and generates one only when none exists', async () => {
    expect(await bootstrapOperatorCredential(testApp.db.db, undefined)).toEqual({ generatedToken: null });
    expect(await bootstrapOperatorCredential(testApp.db.db, 'another-configured-token-0123456789abcdef')).toEqual({ generatedToken: null });
    const viaSecond = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), headers: { authorization: 'Bearer another-configured-token-0123456789abcdef' } });
    expect(viaSecond.statusCode).toBe(200);
  });
});
