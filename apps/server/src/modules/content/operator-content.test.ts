import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PATHS, CONTENT_API_PATHS, ERROR_CODES, operatorPath } from '@palaro/contract';
import { TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { auditTrail } from '../audit/service';
import { members } from '../accounts/schema';
import { AccountsClient, createClockedTestApp, solvedCaptcha } from '../accounts/testing';

/** One clock for the app, moved by the tests: scheduled content must appear and go on time. */
let clock = new Date('2026-12-07T10:00:00Z');
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createClockedTestApp(() => clock);
});
afterAll(async () => {
  await testApp?.close();
});

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const path = (template: string, id?: number) => operatorPath(template, 'PALARO').replace(':id', String(id ?? ''));

async function operator(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await testApp.app.inject({ method, url, headers: auth, ...(payload !== undefined && { payload }) });
  return { status: response.statusCode, body: response.json() };
}

async function get(url: string) {
  const response = await testApp.app.inject({ url });
  return { status: response.statusCode, body: response.json(), etag: response.headers.etag };
}

const popupTitles = async (language = 'EN') =>
  (await get(`${API_PATHS.announcements}?types=PU&platform=M&language=${language}`)).body.value.popup.map(
    (item: { title: string }) => item.title,
  );

describe('operator announcements', () => {
  it('schedules a pop-up: hidden before its time, shown from it, gone at its expiry, while answers are kept', async () => {
    const before = await popupTitles();
    const created = await operator('POST', path(CONTENT_API_PATHS.operatorAnnouncements), {
      type: 'PU',
      title: { EN: 'Christmas draw', TY: 'Bola sa Pasko' },
      content: { EN: 'A special draw on the 24th.', TY: 'Espesyal na bola sa ika-24.' },
      publishedAt: '2026-12-07T12:00:00+00:00',
      expiresAt: '2026-12-07T14:00:00Z',
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ type: 'PU', publishedAt: '2026-12-07T12:00:00.000Z', active: true });
    // Asked twice before the publication: the second answer is the kept one, and still without it.
    expect(await popupTitles()).toEqual(before);
    expect(await popupTitles()).toEqual(before);

    clock = new Date('2026-12-07T12:00:00Z');
    expect(await popupTitles()).toContain('Christmas draw');
    expect(await popupTitles('TY')).toContain('Bola sa Pasko');

    clock = new Date('2026-12-07T13:59:59.999Z');
    expect(await popupTitles()).toContain('Christmas draw');
    clock = new Date('2026-12-07T14:00:00Z');
    expect(await popupTitles()).toEqual(before);
    clock = new Date('2026-12-07T10:00:00Z');
  });

  it('changes, switches off and removes one, each change seen on the next read and audited', async () => {
    const { body } = await operator('POST', path(CONTENT_API_PATHS.operatorAnnouncements), {
      type: 'H',
      title: { EN: 'Hot tip' },
      content: { EN: 'Watch the finals.' },
    });
    const id = body.value.id as number;
    const hot = async () =>
      (await get(`${API_PATHS.announcements}?types=H&language=EN`)).body.value.hot.map(
        (item: { title: string }) => item.title,
      );
    expect(await hot()).toContain('Hot tip');

    expect(
      (await operator('PATCH', path(CONTENT_API_PATHS.operatorAnnouncement, id), { title: { EN: 'Hotter tip' } }))
        .status,
    ).toBe(200);
    expect(await hot()).toContain('Hotter tip');

    await operator('PATCH', path(CONTENT_API_PATHS.operatorAnnouncement, id), { active: false });
    expect(await hot()).not.toContain('Hotter tip');

    expect((await operator('DELETE', path(CONTENT_API_PATHS.operatorAnnouncement, id))).status).toBe(200);
    expect((await operator('DELETE', path(CONTENT_API_PATHS.operatorAnnouncement, id))).status).toBe(404);
    const listed = (await operator('GET', path(CONTENT_API_PATHS.operatorAnnouncements))).body.value.list;
    expect(listed.some((row: { id: number }) => row.id === id)).toBe(false);

    const actions = (await auditTrail(testApp.db.db, 1))
      .filter((entry) => (entry.details as { id?: number }).id === id)
      .map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'content.announcement.create',
        'content.announcement.update',
        'content.announcement.delete',
      ]),
    );
    expect(actions).toHaveLength(4);
  });

  it('puts a registration banner (B, m_reg) on the registration screen only', async () => {
    const register = (await get(`${API_PATHS.announcements}?types=B&groupName=m_reg&platform=M&language=EN`)).body.value
      .banners;
    expect(register.map((banner: { title: string }) => banner.title)).toEqual([
      'Sign up and claim the 100% Welcome Bonus',
    ]);
    const home = (await get(`${API_PATHS.announcements}?types=B&platform=M&language=EN`)).body.value.banners;
    expect(home.map((banner: { title: string }) => banner.title)).not.toContain(
      'Sign up and claim the 100% Welcome Bonus',
    );
  });

  it.each([
    ['a banner without its picture', { type: 'B', title: { EN: 'x' }, content: { EN: 'y' } }, 'imageUrl'],
    ['no language at all', { type: 'PU', title: {}, content: { EN: 'y' } }, 'title'],
    ['an unknown type', { type: 'Z', title: { EN: 'x' }, content: { EN: 'y' } }, 'type'],
    [
      'an expiry before the publication',
      {
        type: 'PU',
        title: { EN: 'x' },
        content: { EN: 'y' },
        publishedAt: '2026-12-08T00:00:00Z',
        expiresAt: '2026-12-07T00:00:00Z',
      },
      'expiresAt',
    ],
    [
      'a time without offset',
      { type: 'PU', title: { EN: 'x' }, content: { EN: 'y' }, expiresAt: '2026-12-09' },
      'expiresAt',
    ],
  ])('refuses %s and writes nothing', async (_case, payload, field) => {
    const count = (await operator('GET', path(CONTENT_API_PATHS.operatorAnnouncements))).body.value.list.length;
    const { status, body } = await operator('POST', path(CONTENT_API_PATHS.operatorAnnouncements), payload);
    expect(status).toBe(400);
    expect(body.errorCode).toBe(ERROR_CODES.validation);
    expect(body.value.fields.some((error: { field: string }) => error.field.startsWith(field))).toBe(true);
    expect((await operator('GET', path(CONTENT_API_PATHS.operatorAnnouncements))).body.value.list).toHaveLength(count);
  });

  it('refuses without the operator token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: path(CONTENT_API_PATHS.operatorAnnouncements) });
    expect(response.statusCode).toBe(401);
  });
});

describe('help centre', () => {
  it('answers the seeded categories and articles per language (COMM3, MOBILE)', async () => {
    const english = (await get(`${CONTENT_API_PATHS.help}?module=COMM3&device=MOBILE&lang=EN`)).body.value;
    expect(english.categories.map((category: { title: string }) => category.title)).toEqual([
      'Deposits',
      'Withdrawals',
      'Lottery',
      'Account security',
      'Responsible play',
    ]);
    expect(english.categories[0].items[0]).toMatchObject({ title: 'How to deposit' });
    expect(english.categories[0].items[0].content).toContain('<strong>Deposit</strong>');
    const tagalog = (await get(`${CONTENT_API_PATHS.help}?lang=TY`)).body.value;
    expect(tagalog.categories[0]).toMatchObject({ title: 'Deposito' });
    expect(tagalog.categories[0].items[0].title).toBe('Paano magdeposito');
    expect((await get(`${CONTENT_API_PATHS.help}?lang=FR`)).status).toBe(400);
    expect((await get(`${CONTENT_API_PATHS.help}?module=REG3`)).status).toBe(400);
  });

  it('sanitises an article on the way in: no script, no handler, no javascript: link', async () => {
    const { status, body } = await operator('POST', path(CONTENT_API_PATHS.operatorHelpArticles), {
      categoryKey: 'bonuses',
      categoryTitle: { EN: 'Bonuses', TY: 'Mga Bonus' },
      title: { EN: 'Claiming a bonus' },
      content: {
        EN: '<p onclick="steal()">Open <a href="javascript:alert(1)">rewards</a> and <a href="/m/rewardCenter" target="_blank">claim</a>.</p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>',
      },
    });
    expect(status).toBe(200);
    expect(body.value.content.EN).toBe('<p>Open <a>rewards</a> and <a href="/m/rewardCenter">claim</a>.</p>');
    const help = (await get(`${CONTENT_API_PATHS.help}?lang=EN`)).body.value;
    const bonuses = help.categories.find((category: { title: string }) => category.title === 'Bonuses');
    expect(bonuses.items[0].content).toBe('<p>Open <a>rewards</a> and <a href="/m/rewardCenter">claim</a>.</p>');
    // A language missing falls back to English.
    const tagalog = (await get(`${CONTENT_API_PATHS.help}?lang=TY`)).body.value;
    expect(
      tagalog.categories.find((category: { title: string }) => category.title === 'Mga Bonus').items[0].title,
    ).toBe('Claiming a bonus');

    // Hidden: the next read loses it (its tab too, now empty).
    await operator('PATCH', path(CONTENT_API_PATHS.operatorHelpArticle, body.value.id as number), { active: false });
    const after = (await get(`${CONTENT_API_PATHS.help}?lang=EN`)).body.value;
    expect(after.categories.map((category: { title: string }) => category.title)).not.toContain('Bonuses');
  });

  it('refuses rich text of which nothing is left, and stores nothing', async () => {
    const before = (await operator('GET', path(CONTENT_API_PATHS.operatorHelpArticles))).body.value.list.length;
    const { status, body } = await operator('POST', path(CONTENT_API_PATHS.operatorHelpArticles), {
      categoryKey: 'deposits',
      title: { EN: 'Empty' },
      content: { EN: '<script>alert(1)</script>' },
    });
    expect(status).toBe(400);
    expect(body.value.fields[0].field).toBe('content');
    expect((await operator('GET', path(CONTENT_API_PATHS.operatorHelpArticles))).body.value.list).toHaveLength(before);
  });
});

describe('user agreement', () => {
  const register = async (username: string) => {
    const client = new AccountsClient(testApp.app, `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
    const response = await client.register({
      username,
      password: 'Lakas1234',
      confirmPassword: 'Lakas1234',
      ...(await solvedCaptcha(client)),
    });
    expect(response.statusCode).toBe(200);
    const [member] = await testApp.db.db.select().from(members).where(eq(members.username, username));
    return member!;
  };

  it('answers the terms in force per language and records that version on a new member', async () => {
    const english = (await get(`${CONTENT_API_PATHS.userAgreement}?language=EN`)).body.value;
    expect(english).toMatchObject({ version: 1, title: 'User Agreement' });
    expect(english.content).toContain('<h3>1. Eligibility</h3>');
    expect((await get(CONTENT_API_PATHS.userAgreement)).body.value.title).toBe('Kasunduan ng User');
    expect((await register('agreesone')).agreedTermsVersion).toBe(1);
  });

  it('takes a scheduled version into force at its time, for readers and for new members', async () => {
    const published = await operator('POST', path(CONTENT_API_PATHS.operatorAgreements), {
      title: { EN: 'User Agreement', TY: 'Kasunduan ng User' },
      content: { EN: '<p>Version two.</p><script>x()</script>', TY: '<p>Ikalawang bersyon.</p>' },
      publishedAt: '2026-12-08T00:00:00Z',
    });
    expect(published.body.value).toMatchObject({ version: 2 });
    expect((await get(`${CONTENT_API_PATHS.userAgreement}?language=EN`)).body.value.version).toBe(1);
    expect((await register('agreesbefore')).agreedTermsVersion).toBe(1);

    clock = new Date('2026-12-08T00:00:00Z');
    const now = (await get(`${CONTENT_API_PATHS.userAgreement}?language=EN`)).body.value;
    expect(now).toMatchObject({ version: 2, content: '<p>Version two.</p>' });
    expect((await register('agreesafter')).agreedTermsVersion).toBe(2);
    const trail = await auditTrail(testApp.db.db, 1);
    expect(trail.some((entry) => entry.action === 'content.agreement.publish')).toBe(true);
  });
});

describe('service version', () => {
  it('answers the build, the addresses and the app downloads', async () => {
    const { status, body } = await get(CONTENT_API_PATHS.serviceVersion);
    expect(status).toBe(200);
    expect(body.value.version.code).toMatch(/^\d+\.\d+\.\d+/);
    expect(Array.isArray(body.value.version.pathList)).toBe(true);
    expect(body.value.resources.map((link: { resourceType: string }) => link.resourceType)).toEqual(
      expect.arrayContaining(['Android']),
    );
  });
});
