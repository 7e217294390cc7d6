import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, INBOX_API_PATHS, INBOX_EVENT_NAME, operatorPath, type TInboxEvent } from '@palaro/contract';
import { announceChange } from '../../platform/cache/change-feed';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { AccountsClient, changeMemberRow } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { DEMO_MERCHANT_ID, openEventStream, registeredMember } from '../wallet/testing';
import { inboxMessages, inboxMessageStates } from './schema';
import { notifyMember, notifyMembers } from './service';
import { memberInboxTopic } from './unread-counts';

let testApp: TestApp;
let origin: string;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp?.close();
});

const db = () => testApp.db.db;

function send(body: unknown) {
  return testApp.app.inject({
    method: 'POST',
    url: operatorPath(INBOX_API_PATHS.operatorInboxMessages, 'PALARO'),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    payload: body as object,
  });
}

const message = (text: string) => ({
  title: { TY: text, EN: text },
  body: { TY: `<p>${text}</p>`, EN: `<p>${text}</p>` },
});

async function credited(memberId: number, orderNo = `D${memberId}`) {
  await db().transaction((tx) =>
    notifyMember(tx, {
      merchantId: DEMO_MERCHANT_ID,
      memberId,
      kind: 'deposit.credited',
      payload: { orderNo, amount: 500_00, creditAmount: 500_00, channel: 'GCash' },
    }),
  );
}

const unreadOf = async (client: AccountsClient) =>
  (await client.request('GET', INBOX_API_PATHS.inboxUnread)).json().value as number;
const pageOf = async (client: AccountsClient, query = '') =>
  (await client.request('GET', `${INBOX_API_PATHS.inboxMessages}${query}`)).json().value as {
    list: { id: string; title: string; read: boolean; sender: string; preview: string }[];
    hasMore: boolean;
  };
const messagePath = (id: string | number) => INBOX_API_PATHS.inboxMessage.replace(':id', String(id));

describe('system messages', () => {
  it('words a notice in the reader’s language, counts it unread until it is opened', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    expect(await unreadOf(client)).toBe(0);
    await credited(memberId, 'D20261207A');
    await expect.poll(() => unreadOf(client)).toBe(1);

    const english = await pageOf(client, '?language=EN');
    expect(english.list).toEqual([
      expect.objectContaining({ sender: 'system', title: 'Deposit credited', read: false }),
    ]);
    expect(english.list[0]!.preview).toContain('₱500.00');
    const tagalog = await pageOf(client, '?language=TY');
    expect(tagalog.list[0]!.title).toBe('Naideposito na');

    const opened = await client.request('GET', `${messagePath(english.list[0]!.id)}?language=EN`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().value.bodyHtml).toContain('Order D20261207A');
    expect(await unreadOf(client)).toBe(0);
    expect((await pageOf(client)).list[0]!.read).toBe(true);
  });

  it('writes a job’s notices for many members at once, each counted unread in its own inbox', async () => {
    const members = await Promise.all([1, 2, 3].map(() => registeredMember(testApp.app, testApp.db)));
    await db().transaction((tx) =>
      notifyMembers(
        tx,
        members.map(({ memberId }, at) => ({
          merchantId: DEMO_MERCHANT_ID,
          memberId,
          kind: 'vip.upgraded',
          payload: { level: at + 1, name: `VIP${at + 1}`, bonus: 0 },
        })),
      ),
    );
    for (const [at, { client }] of members.entries()) {
      await expect.poll(() => unreadOf(client)).toBe(1);
      expect((await pageOf(client, '?language=EN')).list[0]!.title).toBe(`Welcome to VIP${at + 1}`);
    }
  });

  it('escapes what an operator typed into a notice rather than reading it as markup', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    await db().transaction((tx) =>
      notifyMember(tx, {
        merchantId: DEMO_MERCHANT_ID,
        memberId,
        kind: 'withdrawal.rejected',
        payload: { orderNo: 'W1', amount: 100_00, note: '<img src=x onerror=alert(1)>' },
      }),
    );
    const [summary] = (await pageOf(client, '?language=EN')).list;
    const body = (await client.request('GET', messagePath(summary!.id))).json().value.bodyHtml as string;
    expect(body).not.toContain('<img');
    expect(body).toContain('&lt;img');
  });
});

describe('operator messages', () => {
  it('sends a broadcast to all members as one row, read and deleted per member', async () => {
    const first = await registeredMember(testApp.app, testApp.db);
    const second = await registeredMember(testApp.app, testApp.db);
    const [before] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(inboxMessages);
    const sent = await send({ audience: { to: 'all' }, ...message('Maintenance tonight') });
    expect(sent.statusCode, sent.body).toBe(200);
    const [after] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(inboxMessages);
    expect(after!.count).toBe(before!.count + 1);

    await expect.poll(() => unreadOf(first.client)).toBe(1);
    expect(await unreadOf(second.client)).toBe(1);
    const id = sent.json().value.id as string;
    expect((await first.client.request('GET', messagePath(id))).statusCode).toBe(200);
    expect(await unreadOf(first.client)).toBe(0);
    expect(await unreadOf(second.client)).toBe(1);

    expect((await first.client.request('DELETE', messagePath(id))).statusCode).toBe(200);
    expect((await pageOf(first.client)).list.map((item) => item.id)).not.toContain(id);
    expect((await pageOf(second.client)).list.map((item) => item.id)).toContain(id);
    expect((await first.client.request('GET', messagePath(id))).statusCode).toBe(404);

    // A member who registers afterwards does not get it.
    const later = await registeredMember(testApp.app, testApp.db);
    expect((await pageOf(later.client)).list).toEqual([]);

    const audit = await auditTrail(db(), DEMO_MERCHANT_ID);
    expect(audit.at(-1)).toMatchObject({ action: 'inbox.send', details: { messageId: id, audience: { to: 'all' } } });
  });

  it('reaches a VIP level or a member type only, and follows a member’s promotion', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const vip = await send({ audience: { to: 'vip', vipLevel: 3 }, ...message('VIP 3 only') });
    const agents = await send({ audience: { to: 'memberType', memberType: 1 }, ...message('Agents only') });
    expect(vip.statusCode).toBe(200);
    expect(agents.statusCode).toBe(200);
    expect((await pageOf(member.client)).list).toEqual([]);
    expect(await unreadOf(member.client)).toBe(0);

    await changeMemberRow(db(), member.memberId, { vipLevel: 3 });
    await expect
      .poll(async () => (await pageOf(member.client, '?language=EN')).list.map((item) => item.title))
      .toEqual(['VIP 3 only']);
    await expect.poll(() => unreadOf(member.client)).toBe(1);
  });

  it('marks every message read at once', async () => {
    const { client, memberId, username } = await registeredMember(testApp.app, testApp.db);
    await credited(memberId);
    await send({ audience: { to: 'member', username }, ...message('Hi') });
    await expect.poll(() => unreadOf(client)).toBe(2);
    const marked = await client.request('POST', INBOX_API_PATHS.inboxReadAll, {});
    expect(marked.json().value).toBe(2);
    expect(await unreadOf(client)).toBe(0);
    expect((await pageOf(client)).list.every((item) => item.read)).toBe(true);
  });

  it('keeps only safe rich text: scripts, event handlers and script links are stripped', async () => {
    const { client, username } = await registeredMember(testApp.app, testApp.db);
    const dirty =
      '<p onclick="steal()">Hello <strong>you</strong></p><script>alert(1)</script>' +
      '<img src="https://cdn.example/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<a href="https://palaro.example/promo">promo</a><iframe src="https://evil.example"></iframe>';
    const sent = await send({
      audience: { to: 'member', username },
      title: { TY: '<b>Bati</b>', EN: '<script>x</script>Greetings' },
      body: { TY: dirty, EN: dirty },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [stored] = await db()
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.id, Number(sent.json().value.id)));
    const body = stored!.body!.EN!;
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'alert(1)'])
      expect(body).not.toContain(bad);
    expect(body).toContain('<strong>you</strong>');
    expect(body).toContain('<img src="https://cdn.example/a.png" />');
    expect(body).toContain('href="https://palaro.example/promo"');
    expect(stored!.title).toEqual({ TY: 'Bati', EN: 'Greetings' });
    const read = (await client.request('GET', `${messagePath(sent.json().value.id)}?language=EN`)).json().value;
    expect(read.bodyHtml).toBe(body);
  });

  it('refuses an unknown member, bad audiences and texts that are only markup, storing nothing', async () => {
    const [before] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(inboxMessages);
    const cases: [unknown, number][] = [
      [{ audience: { to: 'member', username: 'nosuchmember' }, ...message('x') }, 404],
      [{ audience: { to: 'vip', vipLevel: -1 }, ...message('x') }, 400],
      [{ audience: { to: 'everyone' }, ...message('x') }, 400],
      [
        { audience: { to: 'all' }, title: { TY: 'a', EN: 'a' }, body: { TY: '<script>x</script>', EN: '<p>ok</p>' } },
        400,
      ],
      [{ audience: { to: 'all' }, title: { TY: '', EN: 'a' }, body: { TY: 'a', EN: 'a' } }, 400],
    ];
    for (const [body, status] of cases) {
      const answer = await send(body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().success).toBe(false);
    }
    const [after] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(inboxMessages);
    expect(after!.count).toBe(before!.count);
  });
});

describe('the unread count', () => {
  it('is served from memory until a change to the inbox is announced', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    expect(await unreadOf(client)).toBe(0);
    // Written behind the inbox's back: the count in memory does not see it…
    await db()
      .insert(inboxMessages)
      .values({
        merchantId: DEMO_MERCHANT_ID,
        audience: 'member',
        memberId,
        kind: 'deposit.credited',
        payload: { orderNo: 'HIDDEN', amount: 1 },
      });
    expect(await unreadOf(client)).toBe(0);
    // …until the change is announced, as every writer of the inbox does.
    await announceChange(db(), memberInboxTopic(DEMO_MERCHANT_ID, memberId));
    expect(await unreadOf(client)).toBe(1);
  });

  it('is pushed on the wallet’s event stream when it changes', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const { events, close } = await openEventStream<TInboxEvent>(
      origin,
      `palaro_session=${client.sessionToken}`,
      INBOX_EVENT_NAME,
    );
    try {
      await expect.poll(() => events).toEqual([{ unread: 0 }]);
      await credited(memberId);
      await expect.poll(() => events).toEqual([{ unread: 0 }, { unread: 1 }]);
      await client.request('POST', INBOX_API_PATHS.inboxReadAll, {});
      await expect.poll(() => events).toEqual([{ unread: 0 }, { unread: 1 }, { unread: 0 }]);
      // A broadcast reaches the stream of every member it counts for.
      expect((await send({ audience: { to: 'all' }, ...message('Everyone') })).statusCode).toBe(200);
      await expect.poll(() => events.at(-1)).toEqual({ unread: 1 });
    } finally {
      close();
    }
  });
});

describe('authorization: a member reaches only their own messages', () => {
  it('answers a guest 401, and another member or a trial member as if the message did not exist', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const trial = new AccountsClient(testApp.app, '203.0.200.9');
    expect((await trial.request('POST', API_PATHS.trial)).statusCode).toBe(200);
    const guest = new AccountsClient(testApp.app, '203.0.200.10');
    await credited(owner.memberId);
    await expect.poll(() => unreadOf(owner.client)).toBe(1);
    const [mine] = (await pageOf(owner.client)).list;
    const path = messagePath(mine!.id);

    for (const [method, url] of [
      ['GET', INBOX_API_PATHS.inboxMessages],
      ['GET', path],
      ['DELETE', path],
      ['POST', INBOX_API_PATHS.inboxReadAll],
      ['GET', INBOX_API_PATHS.inboxUnread],
    ] as const) {
      expect((await guest.request(method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
    for (const intruder of [other.client, trial]) {
      expect((await intruder.request('GET', path)).statusCode).toBe(404);
      expect((await intruder.request('DELETE', path)).statusCode).toBe(404);
      expect((await pageOf(intruder)).list.map((item) => item.id)).not.toContain(mine!.id);
      expect(await unreadOf(intruder)).toBe(0);
      expect((await intruder.request('POST', INBOX_API_PATHS.inboxReadAll, {})).json().value).toBe(0);
    }
    const states = await db()
      .select()
      .from(inboxMessageStates)
      .where(and(eq(inboxMessageStates.messageId, Number(mine!.id))));
    expect(states).toEqual([]);
    expect(await unreadOf(owner.client)).toBe(1);
    expect((await owner.client.request('GET', path)).statusCode).toBe(200);
  });

  it('answers bad input with 400, never a 500', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    for (const url of [
      messagePath('abc'),
      messagePath('0'),
      messagePath('99999999999999999999'),
      `${INBOX_API_PATHS.inboxMessages}?pageSize=500`,
      `${INBOX_API_PATHS.inboxMessages}?pageNo=0`,
      `${INBOX_API_PATHS.inboxMessages}?language=XX`,
    ]) {
      const answer = await client.request('GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().success).toBe(false);
    }
    expect((await client.request('GET', messagePath(987654321))).statusCode).toBe(404);
  });
});
