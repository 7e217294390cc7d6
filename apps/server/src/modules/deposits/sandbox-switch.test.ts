import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { registeredMember } from '../wallet/testing';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ PAYMENT_SANDBOX: 'false' });
});
afterAll(async () => {
  await testApp?.close();
});

describe('with the sandbox gateway switched off (as in production)', () => {
  it('offers no channel that pays through it and serves no sandbox page', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const channels = (await client.request('GET', API_PATHS.depositChannels)).json().value.list as { kind: string }[];
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((channel) => channel.kind === 'bank_transfer')).toBe(true);
    const page = await testApp.app.inject({ url: API_PATHS.sandboxCheckout.replace(':orderNo', 'DABCDEFGHJKLM') });
    expect(page.body).not.toContain('Sandbox Pay');
    const approve = await testApp.app.inject({
      method: 'POST',
      url: API_PATHS.sandboxCheckout.replace(':orderNo', 'DABCDEFGHJKLM'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approve.statusCode).toBe(404);
  });
});
