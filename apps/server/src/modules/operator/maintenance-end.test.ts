import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { findMerchantByCode } from '../site/store';
import { endLapsedMaintenance } from './service';
import { auditTrail } from '../audit/service';

const MINUTE_MS = 60_000;
let clock = new Date('2031-03-01T02:00:00Z');
const now = () => clock;

let testApp: TestApp;
/** A second replica on the same database that never hears of the operator's change. */
let replica: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { platform: { overrides: { now } } });
  replica = await createTestApp({}, { database: testApp.db, platform: { overrides: { now } } });
});
afterAll(async () => {
  await replica?.close();
  await testApp?.close();
});

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const maintenancePath = operatorPath(API_PATHS.operatorMaintenance, 'PALARO');
const later = (minutes: number) => new Date(clock.getTime() + minutes * MINUTE_MS).toISOString();

async function putMaintenance(payload: object) {
  return testApp.app.inject({ method: 'PUT', url: maintenancePath, headers: auth, payload });
}
async function operatorState(app: TestApp) {
  return (await app.app.inject({ url: operatorPath(API_PATHS.operatorMerchant, 'PALARO'), headers: auth })).json().value
    .maintenance;
}
async function startupMode(app: TestApp) {
  return (await app.app.inject({ url: API_PATHS.startup })).json().value.startup;
}
async function announcementsStatus(app: TestApp) {
  return (await app.app.inject({ url: `${API_PATHS.announcements}?types=B` })).statusCode;
}
async function auditActions() {
  const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
  return (await auditTrail(testApp.db.db, merchant!.id)).map((entry) => entry.action);
}

describe('maintenance end', () => {
  it('refuses an end that is not in the future, with a message naming until, and changes nothing', async () => {
    const auditBefore = await auditActions();
    for (const until of [later(-1), clock.toISOString()]) {
      const refused = await putMaintenance({ enabled: true, message: 'Upgrade', until });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        errorCode: ERROR_CODES.validation,
        value: { fields: [{ field: 'until', message: expect.stringMatching(/future/) }] },
      });
    }
    expect((await operatorState(testApp)).enabled).toBe(false);
    expect(await auditActions()).toEqual(auditBefore);
  });

  it('ends by itself when its time comes, on every replica, and the sweep clears it with an audit row', async () => {
    const until = later(30);
    expect((await putMaintenance({ enabled: true, message: 'Upgrade', until })).statusCode).toBe(200);
    for (const app of [testApp, replica]) {
      expect(await startupMode(app)).toMatchObject({ mode: 'maintenance', info: { message: 'Upgrade', until } });
      expect(await announcementsStatus(app)).toBe(503);
    }

    clock = new Date(clock.getTime() + 30 * MINUTE_MS);
    for (const app of [testApp, replica]) {
      expect(await startupMode(app)).toMatchObject({
        mode: 'normal',
        maintenance: false,
        info: { message: '', until: null },
      });
      expect(await announcementsStatus(app)).toBe(200);
      expect(await operatorState(app)).toEqual({ enabled: false, message: '', until: null });
    }

    // The stored row still says "on" until the periodic sweep writes what the readers already see.
    expect((await findMerchantByCode(testApp.db.db, 'PALARO'))!.maintenanceEnabled).toBe(true);
    expect(await endLapsedMaintenance(testApp.db.db, now())).toBe(1);
    expect(await endLapsedMaintenance(replica.db.db, now())).toBe(0);
    expect(await findMerchantByCode(testApp.db.db, 'PALARO')).toMatchObject({
      maintenanceEnabled: false,
      maintenanceMessage: '',
      maintenanceUntil: null,
    });
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    const ended = (await auditTrail(testApp.db.db, merchant!.id)).at(-1)!;
    expect(ended).toMatchObject({ actor: 'system:schedule', action: 'maintenance.ended', details: { until } });
  });

  it('keeps a maintenance without an end on, and drops a lapsed end when turned on again', async () => {
    expect((await putMaintenance({ enabled: true, message: 'Open-ended' })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE_MS);
    expect(await endLapsedMaintenance(testApp.db.db, now())).toBe(0);
    expect((await startupMode(testApp)).mode).toBe('maintenance');

    expect((await putMaintenance({ enabled: true, until: later(5) })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 10 * MINUTE_MS);
    expect((await startupMode(testApp)).mode).toBe('normal');
    // "On" again without an end: the lapsed end is not carried over, so it stays on.
    const again = await putMaintenance({ enabled: true });
    expect(again.json().value.maintenance).toEqual({ enabled: true, message: '', until: null });
    expect((await startupMode(replica)).mode).toBe('maintenance');
    expect((await putMaintenance({ enabled: false })).statusCode).toBe(200);
  });
});
