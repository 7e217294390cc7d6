import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { sha256Hex } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { closeReplicaDatabase, openReplicaDatabase } from '../../platform/testing/replica-database';
import { createTestApp, type TestApp } from '../../test-app';
import { registeredMember, TEST_PASSWORD } from '../wallet/testing';
import { SESSION } from './policy';
import type { MemberRow, SessionRow } from './schema';
import { memberTopic, SessionCache, sessionCacheOf } from './session-cache';
import { AccountsClient } from './testing';

function row(memberId: number, sessionId: number): { member: MemberRow; session: SessionRow } {
  return { member: { id: memberId } as MemberRow, session: { id: sessionId } as SessionRow };
}

describe('SessionCache', () => {
  it('finds what it kept for its merchant until the period ends, and drops a member on their topic', () => {
    const cache = new SessionCache({ keepMs: 1000, maxEntries: 10 });
    cache.keep(1, 'a', row(7, 1), cache.version, 0);
    cache.keep(1, 'b', row(7, 2), cache.version, 0);
    cache.keep(1, 'c', row(8, 3), cache.version, 0);
    expect(cache.find(1, 'a', 999)?.session.id).toBe(1);
    expect(cache.find(2, 'a', 10)).toBeUndefined();
    cache.onChange('site:merchant:7');
    cache.onChange('accounts:member:70');
    expect(cache.size).toBe(3);
    cache.onChange(memberTopic(7));
    expect(cache.find(1, 'a', 10)).toBeUndefined();
    expect(cache.find(1, 'b', 10)).toBeUndefined();
    expect(cache.find(1, 'c', 10)?.member.id).toBe(8);
    expect(cache.find(1, 'c', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that began before a change, and forgets everything when notices may have been lost', () => {
    const cache = new SessionCache({ keepMs: 1000, maxEntries: 10 });
    const before = cache.version;
    cache.onChange(memberTopic(99));
    cache.keep(1, 'a', row(7, 1), before, 0);
    expect(cache.find(1, 'a', 1)).toBeUndefined();
    cache.keep(1, 'a', row(7, 1), cache.version, 0);
    cache.onChange(null);
    expect(cache.find(1, 'a', 1)).toBeUndefined();
  });

  it('holds at most its bound, the oldest going first', () => {
    const cache = new SessionCache({ keepMs: 1000, maxEntries: 2 });
    for (const [index, token] of ['a', 'b', 'c'].entries()) cache.keep(1, token, row(index, index), cache.version, 0);
    expect(cache.size).toBe(2);
    expect(cache.find(1, 'a', 1)).toBeUndefined();
    expect(cache.find(1, 'c', 1)).toBeDefined();
  });
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** A request with the session cookie of `token` to `app` (another replica, say). */
function withSession(app: TestApp, token: string | undefined, url: string = API_PATHS.memberInfo) {
  return app.app.inject({ url, headers: { cookie: `${SESSION.cookieName}=${token}`, 'user-agent': 'vitest-phone' } });
}

describe('signed-in reads on one replica', () => {
  it('answer from the kept session, and refuse it at once after sign-out', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const token = client.sessionToken!;
    expect((await client.request('GET', API_PATHS.walletBalance)).statusCode).toBe(200);
    const cache = sessionCacheOf(testApp.db.db)!;
    expect(cache.find(1, sha256Hex(token), Date.now())).toBeDefined();
    expect((await client.request('GET', API_PATHS.walletBalance)).statusCode).toBe(200);

    expect((await client.request('DELETE', API_PATHS.logout)).statusCode).toBe(200);
    expect(cache.find(1, sha256Hex(token), Date.now())).toBeUndefined();
    expect((await withSession(testApp, token, API_PATHS.walletBalance)).statusCode).toBe(401);
  });

  it('refuse every other session at once after a password change, and show a changed member at once', async () => {
    const { client, username } = await registeredMember(testApp.app, testApp.db);
    const other = new AccountsClient(testApp.app, '198.51.100.77');
    expect((await other.login({ username, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await other.request('GET', API_PATHS.memberInfo)).json().value.hasPaymentPassword).toBe(false);

    const set = await other.request('POST', API_PATHS.paymentPassword, {
      loginPassword: TEST_PASSWORD,
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await other.request('GET', API_PATHS.memberInfo)).json().value.hasPaymentPassword).toBe(true);

    const changed = await client.request('POST', API_PATHS.changePassword, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Bago12345',
      confirmNewPassword: 'Bago12345',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await other.request('GET', API_PATHS.memberInfo)).statusCode).toBe(401);
    expect((await client.request('GET', API_PATHS.memberInfo)).statusCode).toBe(200);
  });
});

describe('a session ended on one replica', () => {
  let replicaDatabase: Database | undefined;
  let replica: TestApp;
  beforeAll(async () => {
    replicaDatabase = await openReplicaDatabase(testApp.db);
    replica = await createTestApp({}, { database: replicaDatabase });
  });
  afterAll(async () => {
    await replica?.close();
    await closeReplicaDatabase(replicaDatabase, testApp.db);
  });

  it('is refused by the other replica within a second: sign-out, then a password change', async () => {
    const signedOut = await registeredMember(testApp.app, testApp.db);
    const signedOutToken = signedOut.client.sessionToken!;
    expect((await withSession(replica, signedOutToken)).statusCode).toBe(200);
    expect(sessionCacheOf(replica.db.db)!.find(1, sha256Hex(signedOutToken), Date.now())).toBeDefined();
    expect((await signedOut.client.request('DELETE', API_PATHS.logout)).statusCode).toBe(200);
    await expect
      .poll(async () => (await withSession(replica, signedOutToken)).statusCode, { timeout: 1000, interval: 20 })
      .toBe(401);

    const changed = await registeredMember(testApp.app, testApp.db);
    const oldToken = changed.client.sessionToken!;
    expect((await withSession(replica, oldToken, API_PATHS.walletBalance)).statusCode).toBe(200);
    const change = await changed.client.request('POST', API_PATHS.changePassword, {
      oldPassword: TEST_PASSWORD,
      newPassword: 'Bago12345',
      confirmNewPassword: 'Bago12345',
    });
    expect(change.statusCode, change.body).toBe(200);
    await expect
      .poll(async () => (await withSession(replica, oldToken, API_PATHS.walletBalance)).statusCode, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(401);
    expect((await withSession(replica, changed.client.sessionToken, API_PATHS.walletBalance)).statusCode).toBe(200);
  });
});
