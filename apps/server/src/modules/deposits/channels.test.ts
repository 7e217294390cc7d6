import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, IDEMPOTENCY_HEADER, operatorPath, type TOperatorChannel } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { auditTrail } from '../audit/service';
import { newKey, registeredMember } from '../wallet/testing';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const channelsPath = operatorPath(API_PATHS.operatorChannels, 'PALARO');
const channelPath = (id: number) => operatorPath(API_PATHS.operatorChannel, 'PALARO').replace(':id', String(id));

async function channels(): Promise<TOperatorChannel[]> {
  const response = await testApp.app.inject({ url: channelsPath, headers: operator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.list;
}

describe('payment channels, by the operator', () => {
  it('lists every channel with what only the operator sees, and never the callback secret', async () => {
    const list = await channels();
    expect(list.map((channel) => channel.method)).toEqual(
      expect.arrayContaining(['GCASH', 'MAYA', 'ONLINE_BANKING', 'BANK_TRANSFER', 'USDT_TRC20']),
    );
    expect(list.find((channel) => channel.method === 'USDT_TRC20')).toMatchObject({
      minVipLevel: 1,
      enabled: true,
      gateway: 'sandbox',
    });
    const raw = (await testApp.app.inject({ url: channelsPath, headers: operator })).body;
    expect(raw).not.toMatch(/secret/i);
  });

  it('switches a channel off for members and changes its limits, fee and presets, with an audit row', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const gcash = (await channels()).find((channel) => channel.method === 'GCASH')!;
    const off = await testApp.app.inject({
      method: 'PATCH',
      url: channelPath(gcash.id),
      headers: operator,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const offered = (await client.request('GET', API_PATHS.depositChannels)).json().value.list as { id: number }[];
    expect(offered.map((channel) => channel.id)).not.toContain(gcash.id);
    const order = await client.request(
      'POST',
      API_PATHS.depositOrders,
      { channelId: gcash.id, amount: 500_00 },
      { [IDEMPOTENCY_HEADER]: newKey() },
    );
    expect(order.json().errorCode).toBe(ERROR_CODES.channelUnavailable);

    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: channelPath(gcash.id),
      headers: operator,
      payload: {
        enabled: true,
        minAmount: 200_00,
        maxAmount: 20_000_00,
        feeBasisPoints: 100,
        presetAmounts: [200_00, 1_000_00],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({
      enabled: true,
      minAmount: 200_00,
      maxAmount: 20_000_00,
      feeBasisPoints: 100,
      presetAmounts: [200_00, 1_000_00],
    });
    const tooSmall = await client.request(
      'POST',
      API_PATHS.depositOrders,
      { channelId: gcash.id, amount: 150_00 },
      { [IDEMPOTENCY_HEADER]: newKey() },
    );
    expect(tooSmall.json().errorCode).toBe(ERROR_CODES.amountOutOfRange);
    const withFee = await client.request(
      'POST',
      API_PATHS.depositOrders,
      { channelId: gcash.id, amount: 1_000_00 },
      { [IDEMPOTENCY_HEADER]: newKey() },
    );
    expect(withFee.json().value).toMatchObject({ amount: 1_000_00, fee: 10_00, creditAmount: 990_00 });
    const audit = await auditTrail(testApp.db.db, 1);
    expect(audit.filter((entry) => entry.action === 'payment.channel.update')).toHaveLength(2);
  });

  it('refuses limits that contradict each other, unknown channels and bad values', async () => {
    const maya = (await channels()).find((channel) => channel.method === 'MAYA')!;
    for (const payload of [
      { minAmount: 60_000_00 },
      { presetAmounts: [1_00] },
      { feeBasisPoints: -1 },
      { minAmount: 0 },
      { instructions: { '': 'x' } },
    ]) {
      const response = await testApp.app.inject({
        method: 'PATCH',
        url: channelPath(maya.id),
        headers: operator,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (
        await testApp.app.inject({
          method: 'PATCH',
          url: channelPath(999_999),
          headers: operator,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'PATCH', url: channelPath(maya.id), payload: { enabled: false } }))
        .statusCode,
    ).toBe(401);
    expect((await channels()).find((channel) => channel.id === maya.id)).toEqual(maya);
  });
});
