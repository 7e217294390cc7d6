import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const operatorHeaders = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

async function operatorPut(template: string, payload: unknown) {
  const response = await testApp.app.inject({
    method: 'PUT',
    url: operatorPath(template, 'PALARO'),
    headers: operatorHeaders,
    payload: payload as object,
  });
  expect(response.statusCode).toBe(200);
}

async function startup(options: { ip?: string; headers?: Record<string, string> } = {}) {
  const response = await testApp.app.inject({
    url: API_PATHS.startup,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: options.headers,
  });
  return { status: response.statusCode, body: response.json() };
}

async function announcements(options: { ip?: string; headers?: Record<string, string> } = {}) {
  return testApp.app.inject({
    url: `${API_PATHS.announcements}?types=B`,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: options.headers,
  });
}

beforeEach(async () => {
  await operatorPut(API_PATHS.operatorMaintenance, { enabled: false });
  await operatorPut(API_PATHS.operatorRegion, { deniedCountries: [], deniedIpRanges: [] });
});

describe('start-up mode', () => {
  it('is normal with the settings, location and the trusted country', async () => {
    const { status, body } = await startup({ headers: { 'cf-ipcountry': 'ph' } });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.value.startup).toEqual({
      mode: 'normal',
      maintenance: false,
      regionRestriction: false,
      info: { message: '', until: null },
      location: { ip: '203.0.113.7', country: 'PH' },
    });
    expect(body.value.settings.merchantCode).toBe('PALARO');
    expect(body.value.settings.currency).toEqual({ code: 'PHP', symbol: '₱' });
    // One minimum age for the merchant, the Philippines' 21, that every screen shows.
    expect(body.value.settings.minimumAge).toBe(21);
    expect((await announcements()).statusCode).toBe(200);
  });

  it('reads the country only from the configured header', async () => {
    const { body } = await startup({ headers: { 'x-country': 'US', 'cf-ipcountry': 'not a country' } });
    expect(body.value.startup.location.country).toBeNull();
  });

  it('turns to maintenance with its message and refuses other player APIs with 503', async () => {
    await operatorPut(API_PATHS.operatorMaintenance, {
      enabled: true,
      message: 'Upgrading the lotto engine',
      until: '2030-01-01T10:00:00+08:00',
    });
    const { status, body } = await startup();
    expect(status).toBe(200);
    expect(body.value.startup).toMatchObject({
      mode: 'maintenance',
      maintenance: true,
      info: { message: 'Upgrading the lotto engine', until: '2030-01-01T02:00:00.000Z' },
    });
    const blocked = await announcements();
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toMatchObject({
      success: false,
      errorCode: ERROR_CODES.maintenance,
      message: 'Upgrading the lotto engine',
    });
    expect((await testApp.app.inject({ url: '/lgw/games' })).statusCode).toBe(503);
    expect((await testApp.app.inject({ url: API_PATHS.siteSettings })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: API_PATHS.health })).statusCode).toBe(200);
  });

  it('blocks by CIDR range with 403 on other player APIs', async () => {
    await operatorPut(API_PATHS.operatorRegion, { deniedIpRanges: ['198.51.100.0/24', '2001:db8::/32'] });
    const inside = await startup({ ip: '198.51.100.42' });
    expect(inside.body.value.startup).toMatchObject({ mode: 'region', regionRestriction: true, maintenance: false });
    const blocked = await announcements({ ip: '198.51.100.42' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errorCode).toBe(ERROR_CODES.regionRestricted);
    expect((await startup({ ip: '2001:db8::1' })).body.value.startup.mode).toBe('region');
    expect((await startup({ ip: '198.51.101.1' })).body.value.startup.mode).toBe('normal');
    expect((await announcements({ ip: '198.51.101.1' })).statusCode).toBe(200);
  });

  it('blocks by the trusted country header', async () => {
    await operatorPut(API_PATHS.operatorRegion, { deniedCountries: ['SG', 'US'] });
    expect((await startup({ headers: { 'cf-ipcountry': 'US' } })).body.value.startup.mode).toBe('region');
    expect((await announcements({ headers: { 'cf-ipcountry': 'SG' } })).statusCode).toBe(403);
    expect((await startup({ headers: { 'cf-ipcountry': 'PH' } })).body.value.startup.mode).toBe('normal');
    expect((await startup()).body.value.startup.mode).toBe('normal');
  });

  it('shows maintenance, not region, when both apply', async () => {
    await operatorPut(API_PATHS.operatorRegion, { deniedCountries: ['US'] });
    await operatorPut(API_PATHS.operatorMaintenance, { enabled: true });
    const { body } = await startup({ headers: { 'cf-ipcountry': 'US' } });
    expect(body.value.startup).toMatchObject({ mode: 'maintenance', maintenance: true, regionRestriction: true });
    expect((await announcements({ headers: { 'cf-ipcountry': 'US' } })).statusCode).toBe(503);
  });
});
