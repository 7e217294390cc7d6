import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { findMerchantByCode } from '../site/store';
import { auditTrail } from '../audit/service';
import { MemoryRateLimiter } from '../../platform/rate-limit';
import { uniqueKeyPrefix } from '../../platform/rate-limit';
import { eq, like } from 'drizzle-orm';
import type { TOperatorCredentialCreated, TOperatorCredentials } from '@palaro/contract';
import { auditLog } from '../audit/schema';
import { bootstrapOperatorCredential, OPERATOR_FAILED_ATTEMPTS } from './service';

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
  it('refuses a missing or wrong token with 401, and throttles the address that keeps failing with 429', async () => {
    const missing = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.operatorUnauthorised });
    const wrong = await testApp.app.inject({
      url: url(API_PATHS.operatorMerchant),
      remoteAddress: '192.0.2.10',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push(
        (
          await testApp.app.inject({
            url: url(API_PATHS.operatorMerchant),
            remoteAddress: '192.0.2.10',
            headers: { authorization: `Bearer guess${attempt}` },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const throttled = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.10' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.tooManyRequests });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another address that fails is not throttled for the first one's failures.
    expect(
      (await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.11' })).statusCode,
    ).toBe(401);
  });

  it('lets the valid token in from an address that others have throttled, and keeps throttling the failures', async () => {
    // Behind a proxy without TRUST_PROXY every client shares one address: an attacker's failures
    // must not keep the operator out.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await testApp.app.inject({
        url: url(API_PATHS.operatorMerchant),
        remoteAddress: '192.0.2.20',
        headers: { authorization: `Bearer guess${attempt}` },
      });
    }
    expect(
      (
        await testApp.app.inject({
          url: url(API_PATHS.operatorMerchant),
          remoteAddress: '192.0.2.20',
          headers: { authorization: 'Bearer guess' },
        })
      ).statusCode,
    ).toBe(429);
    const valid = await testApp.app.inject({
      url: url(API_PATHS.operatorMerchant),
      remoteAddress: '192.0.2.20',
      headers: auth,
    });
    expect(valid.statusCode, valid.body).toBe(200);
    const change = await testApp.app.inject({
      method: 'PATCH',
      url: url(API_PATHS.operatorFlags),
      remoteAddress: '192.0.2.20',
      headers: auth,
      payload: { vip: { benefits: true } },
    });
    expect(change.statusCode, change.body).toBe(200);
    // Succeeding does not wipe the address's record for whoever else is failing from it.
    expect(
      (await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.20' })).statusCode,
    ).toBe(429);
  });

  it('caps failures from all addresses together, still letting the valid token in', async () => {
    const capped = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= OPERATOR_FAILED_ATTEMPTS.overall; attempt += 1) {
        // A new address for every guess, as a botnet would: no one address reaches its own limit.
        const remoteAddress = `198.18.${Math.floor(attempt / 250)}.${(attempt % 250) + 1}`;
        statuses.push(
          (
            await capped.app.inject({
              url: url(API_PATHS.operatorMerchant),
              remoteAddress,
              headers: { authorization: `Bearer guess${attempt}` },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, OPERATOR_FAILED_ATTEMPTS.overall).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(
        (await capped.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '198.18.200.1' })).statusCode,
      ).toBe(429);
      expect(
        (
          await capped.app.inject({
            url: url(API_PATHS.operatorMerchant),
            remoteAddress: '198.18.200.1',
            headers: auth,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('shares the failure counters between replicas', async () => {
    const keyPrefix = uniqueKeyPrefix();
    // With REDIS_URL the replicas meet in Redis under one prefix; without it they share one counter store.
    const platform = process.env.REDIS_URL
      ? { keyPrefix }
      : { keyPrefix, overrides: { limiter: new MemoryRateLimiter() } };
    const first = await createTestApp({}, { database: testApp.db, platform });
    const second = await createTestApp({}, { database: testApp.db, platform });
    try {
      for (let attempt = 0; attempt < OPERATOR_FAILED_ATTEMPTS.perAddress; attempt += 1) {
        expect(
          (await first.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.30' })).statusCode,
        ).toBe(401);
      }
      expect(
        (await second.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.30' })).statusCode,
      ).toBe(429);
      expect(
        (await second.app.inject({ url: url(API_PATHS.operatorMerchant), remoteAddress: '192.0.2.30', headers: auth }))
          .statusCode,
      ).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('shows the merchant state and 404 for an unknown merchant', async () => {
    const shown = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), headers: auth });
    expect(shown.json().value).toMatchObject({
      merchantCode: 'PALARO',
      maintenance: { enabled: false },
      vip: { display: true },
    });
    const unknown = await testApp.app.inject({ url: url(API_PATHS.operatorMerchant, 'NOPE'), headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(ERROR_CODES.notFound);
  });

  it('toggles maintenance, visible on the next start-up call, with an audit row', async () => {
    const on = await testApp.app.inject({
      method: 'PUT',
      url: url(API_PATHS.operatorMaintenance),
      headers: auth,
      payload: { enabled: true, message: 'Saglit lang po' },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().value.maintenance).toEqual({ enabled: true, message: 'Saglit lang po', until: null });
    expect((await testApp.app.inject({ url: API_PATHS.startup })).json().value.startup.mode).toBe('maintenance');
    await testApp.app.inject({
      method: 'PUT',
      url: url(API_PATHS.operatorMaintenance),
      headers: auth,
      payload: { enabled: false },
    });
    expect((await testApp.app.inject({ url: API_PATHS.startup })).json().value.startup).toMatchObject({
      mode: 'normal',
      info: { message: '' },
    });

    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const audit = await auditTrail(testApp.db.db, merchant!.id);
    expect(audit.map((entry) => entry.action).slice(-2)).toEqual(['maintenance.update', 'maintenance.update']);
    expect(audit.at(-2)!.details).toEqual({ enabled: true, message: 'Saglit lang po' });
    expect(audit.at(-1)!.actor).toMatch(/^operator:\d+$/);
    expect(JSON.stringify(audit)).not.toContain(TEST_OPERATOR_TOKEN);
  });

  it('patches flags, promotions and VIP display, and the settings show them', async () => {
    const patched = await testApp.app.inject({
      method: 'PATCH',
      url: url(API_PATHS.operatorFlags),
      headers: auth,
      payload: {
        whitelabel: { DIRECTREG3: false, GOOGLELOGIN3: true },
        promotions: { MISSION: true },
        vip: { display: false },
      },
    });
    expect(patched.statusCode).toBe(200);
    const settings = (await testApp.app.inject({ url: API_PATHS.siteSettings })).json().value;
    expect(settings.whitelabel).toMatchObject({ DIRECTREG3: false, GOOGLELOGIN3: true, USERNAMEREG3: true });
    expect(settings.promotions).toEqual({ REFERRAL: true, MISSION: true });
    expect(settings.vip).toEqual({ display: false, benefits: true });
  });

  it('refuses invalid bodies with field errors and writes nothing', async () => {
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const auditBefore = (await auditTrail(testApp.db.db, merchant!.id)).length;
    const badFlag = await testApp.app.inject({
      method: 'PATCH',
      url: url(API_PATHS.operatorFlags),
      headers: auth,
      payload: { whitelabel: { NOTAFLAG: true } },
    });
    expect(badFlag.statusCode).toBe(400);
    const badRange = await testApp.app.inject({
      method: 'PUT',
      url: url(API_PATHS.operatorRegion),
      headers: auth,
      payload: { deniedIpRanges: ['10.0.0.0/99'] },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().value.fields[0].field).toBe('deniedIpRanges.0');
    const badCountry = await testApp.app.inject({
      method: 'PUT',
      url: url(API_PATHS.operatorRegion),
      headers: auth,
      payload: { deniedCountries: ['usa'] },
    });
    expect(badCountry.statusCode).toBe(400);
    expect((await auditTrail(testApp.db.db, merchant!.id)).length).toBe(auditBefore);
  });

  it('answers an empty change set with 400 "nothing to change" and writes nothing', async () => {
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const auditBefore = (await auditTrail(testApp.db.db, merchant!.id)).length;
    const changes: [string, string][] = [
      ['PATCH', url(API_PATHS.operatorWalletSettings)],
      ['PATCH', url(API_PATHS.operatorChannel).replace(':id', '1')],
      ['PATCH', url(API_PATHS.operatorFlags)],
      ['PUT', url(API_PATHS.operatorRegion)],
    ];
    for (const [method, path] of changes) {
      const response = await testApp.app.inject({
        method: method as 'PATCH' | 'PUT',
        url: path,
        headers: auth,
        payload: {},
      });
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        errorCode: ERROR_CODES.validation,
        value: {
          fields: [
            { field: 'body', i18nKey: 'in_request_invalid', message: expect.stringMatching(/^Nothing to change/) },
          ],
        },
      });
    }
    expect((await auditTrail(testApp.db.db, merchant!.id)).length).toBe(auditBefore);
  });

  it('refuses text the database cannot store (NUL, a lone surrogate) with 400 naming the field', async () => {
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const auditBefore = (await auditTrail(testApp.db.db, merchant!.id)).length;
    for (const message of ['a\u0000b', 'a\ud800b']) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: url(API_PATHS.operatorMaintenance),
        headers: auth,
        payload: { enabled: false, message },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: ERROR_CODES.validation,
        value: { fields: [{ field: 'message' }] },
      });
    }
    expect((await auditTrail(testApp.db.db, merchant!.id)).length).toBe(auditBefore);
  });

  it('registers a configured token once and generates one only when none exists', async () => {
    expect(await bootstrapOperatorCredential(testApp.db.db, undefined)).toEqual({ generatedToken: null });
    expect(await bootstrapOperatorCredential(testApp.db.db, 'another-configured-token-0123456789abcdef')).toEqual({
      generatedToken: null,
    });
    const viaSecond = await testApp.app.inject({
      url: url(API_PATHS.operatorMerchant),
      headers: { authorization: 'Bearer another-configured-token-0123456789abcdef' },
    });
    expect(viaSecond.statusCode).toBe(200);
  });

  it('creates a labelled token shown once, lists labels (never tokens or hashes), and a revoked token is refused from then on, all audited', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.operatorCredentials,
      headers: auth,
      payload: { label: 'Night shift' },
      remoteAddress: '192.0.2.40',
    });
    expect(created.statusCode, created.body).toBe(200);
    const credential = created.json().value as TOperatorCredentialCreated;
    expect(credential).toMatchObject({
      label: 'Night shift',
      revokedAt: null,
      token: expect.stringMatching(/^\S{32,}$/),
    });
    const asNew = { authorization: `Bearer ${credential.token}` };
    expect(
      (await testApp.app.inject({ url: url(API_PATHS.operatorMerchant), headers: asNew, remoteAddress: '192.0.2.40' }))
        .statusCode,
    ).toBe(200);

    const unlabelled = (
      await testApp.app.inject({
        method: 'POST',
        url: API_PATHS.operatorCredentials,
        headers: auth,
        payload: {},
        remoteAddress: '192.0.2.40',
      })
    ).json().value as TOperatorCredentialCreated;
    expect(unlabelled.label).toBe(`Operator ${unlabelled.id}`);
    const listed = await testApp.app.inject({
      url: API_PATHS.operatorCredentials,
      headers: auth,
      remoteAddress: '192.0.2.40',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().value as TOperatorCredentials).list.map((each) => each.label)).toEqual(
      expect.arrayContaining(['Night shift', unlabelled.label]),
    );
    expect(listed.body).not.toContain(credential.token);
    expect(listed.body).not.toMatch(/tokenHash|[0-9a-f]{12}/);

    const revoked = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.operatorCredentialRevoke.replace(':id', String(credential.id)),
      headers: auth,
      payload: {},
      remoteAddress: '192.0.2.40',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().value.revokedAt).toEqual(expect.any(String));
    const refused = await testApp.app.inject({
      url: url(API_PATHS.operatorMerchant),
      headers: asNew,
      remoteAddress: '192.0.2.41',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe(ERROR_CODES.operatorUnauthorised);
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.operatorCredentialRevoke.replace(':id', '999999'),
      headers: auth,
      payload: {},
      remoteAddress: '192.0.2.40',
    });
    expect(unknown.statusCode).toBe(404);

    const audited = await testApp.db.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'operator.credential.%'))
      .orderBy(auditLog.id);
    expect(audited.map((row) => [row.action, (row.details as { label: string }).label])).toEqual([
      ['operator.credential.create', 'Night shift'],
      ['operator.credential.create', unlabelled.label],
      ['operator.credential.revoke', 'Night shift'],
    ]);
    expect(audited.every((row) => /^operator:\d+$/.test(row.actor))).toBe(true);
    expect(JSON.stringify(audited)).not.toContain(credential.token);
    expect(
      (
        await testApp.db.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.actor, `operator:${credential.id}`))
      ).length,
    ).toBe(0);
  });
});
