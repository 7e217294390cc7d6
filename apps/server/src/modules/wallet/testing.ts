import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API_PATHS, WALLET_EVENT_NAME, type TBalanceEvent } from '@palaro/contract';
import type { Database } from '../../platform/db/database';
import { AccountsClient, solvedCaptcha } from '../accounts/testing';
import { findMemberByUsername } from '../accounts/store';
import { postAdjustment } from './service';

export const TEST_PASSWORD = 'Lakas1234';
export const TEST_PAYMENT_PASSWORD = '246810';
export const DEMO_MERCHANT_ID = 1;

let ipCounter = 0;

/** A member registered through the API (own IP, so registration limits never bite), signed in. */
export async function registeredMember(
  app: FastifyInstance,
  database: Database,
  options: { withPaymentPassword?: boolean; affiliateCode?: string } = {},
) {
  ipCounter += 1;
  const client = new AccountsClient(app, `203.0.${Math.floor(ipCounter / 250) + 113}.${(ipCounter % 250) + 1}`);
  const username = `w${randomBytes(5).toString('hex')}`;
  const response = await client.register({
    username,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...(await solvedCaptcha(client)),
    ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  if (options.withPaymentPassword) {
    const set = await client.request('POST', '/wps/security/payment-password', {
      loginPassword: TEST_PASSWORD,
      paymentPassword: TEST_PAYMENT_PASSWORD,
      confirmPaymentPassword: TEST_PAYMENT_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  const member = await findMemberByUsername(database.db, DEMO_MERCHANT_ID, username);
  return { client, username, memberId: member!.id };
}

/** Credits a member's wallet through the ledger (an operator adjustment), as money arriving would. */
export async function creditMember(
  database: Database,
  memberId: number,
  amount: bigint,
  turnoverPercent = 0,
): Promise<void> {
  await database.db.transaction((tx) =>
    postAdjustment(tx, {
      merchantId: DEMO_MERCHANT_ID,
      memberId,
      amount,
      reference: `TEST${randomBytes(6).toString('hex').toUpperCase()}`,
      memo: 'test credit',
      turnoverPercent,
    }),
  );
}

/** A fresh idempotency key. */
export const newKey = () => randomBytes(12).toString('hex');

/**
 * Opens the member's event stream (the wallet's, which carries every area's events) over real HTTP
 * and collects the events of one name as they come.
 */
export async function openEventStream<T>(base: string, cookie: string, eventName: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${API_PATHS.walletEvents}`, { headers: { cookie }, signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const events: T[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const named = new RegExp(`^event: ${eventName}$`, 'm');
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (named.test(block) && data) events.push(JSON.parse(data[1]!) as T);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, close: () => controller.abort() };
}

/** The member's balance events, as they come. */
export const openBalanceStream = (base: string, cookie: string) =>
  openEventStream<TBalanceEvent>(base, cookie, WALLET_EVENT_NAME);
