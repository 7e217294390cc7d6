import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES } from '@palaro/contract';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import { insertAnnouncements } from './store';
import { pickText } from './service';
import { createTestApp, type TestApp } from '../../test-app';
import { findMerchantByCode } from '../site/store';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function get(url: string) {
  const response = await testApp.app.inject({ url });
  return { status: response.statusCode, body: response.json() };
}

describe('announcements', () => {
  it('returns the home sections in English, banners as images in sort order', async () => {
    const { status, body } = await get(`${API_PATHS.announcements}?types=B,PL,PU,H&platform=M&language=EN`);
    expect(status).toBe(200);
    const value = body.value;
    expect(value.banners.map((banner: { title: string }) => banner.title)).toEqual([
      '100% Welcome Bonus on your first deposit',
      'Daily Lotto Draws',
      'Sabong Live — watch and bet',
      'Refer & Earn',
    ]);
    expect(value.banners[0].url).toBe('/media/banners/en/welcome-bonus.webp');
    expect(value.player).toHaveLength(5);
    // Same sort order: the newest first.
    expect(value.player[0].title).toBe('GCash deposit maintenance');
    expect(value.popup).toHaveLength(2);
    expect(value.hot).toHaveLength(3);
    expect(value.agent).toEqual([]);
    expect(value.promotion).toEqual([]);
    expect(value.contentLobby).toEqual([]);
    expect(value.footer).toEqual({ unreadCount: 0 });
  });

  it('uses the merchant default language (Tagalog) when none is asked', async () => {
    const { body } = await get(`${API_PATHS.announcements}?types=B`);
    expect(body.value.banners[1].title).toBe('Araw-araw na Bola ng Lotto');
  });

  it('gives each language its own banner and pop-up pictures, whose words are in that language', async () => {
    const tagalog = (await get(`${API_PATHS.announcements}?types=B,PU&platform=M&language=TY`)).body.value;
    const english = (await get(`${API_PATHS.announcements}?types=B,PU&platform=M&language=EN`)).body.value;
    expect(tagalog.banners.map((banner: { url: string }) => banner.url)).toEqual([
      '/media/banners/ty/welcome-bonus.webp',
      '/media/banners/ty/daily-lotto.webp',
      '/media/banners/ty/sabong-live.webp',
      '/media/banners/ty/refer-earn.webp',
    ]);
    expect(english.banners.map((banner: { url: string }) => banner.url)).toEqual(
      tagalog.banners.map((banner: { url: string }) => banner.url.replace('/ty/', '/en/')),
    );
    expect(tagalog.popup[0].imageUrl).toBe('/media/banners/ty/welcome-bonus.webp');
    expect(english.popup[0].imageUrl).toBe('/media/banners/en/welcome-bonus.webp');
    expect(tagalog.popup[1].imageUrl).toBeNull();
    for (const url of [tagalog.banners[0].url, english.banners[0].url])
      expect((await testApp.app.inject({ url })).headers['content-type']).toBe('image/webp');
    // The words are drawn from the SVG served beside each WebP (npm run media).
    const source = async (url: string) => (await testApp.app.inject({ url: url.replace(/\.webp$/, '.svg') })).body;
    expect(await source(tagalog.banners[0].url)).toContain('KUNIN NA');
    expect(await source(tagalog.banners[0].url)).not.toContain('CLAIM NOW');
    expect(await source(english.banners[0].url)).toContain('CLAIM NOW');
  });

  it('answers only the asked types and the agent group', async () => {
    const { body } = await get(`${API_PATHS.announcements}?types=A&groupName=m_home&language=EN`);
    expect(body.value.agent.map((item: { title: string }) => item.title)).toEqual([
      'Commission schedule',
      'New dividend tiers',
    ]);
    expect(body.value.banners).toEqual([]);
    expect((await get(`${API_PATHS.announcements}?types=A&language=EN`)).body.value.agent).toEqual([]);
  });

  it('falls back to English then Tagalog when a text is missing', async () => {
    const merchant = await findMerchantByCode(testApp.db.db, 'PALARO');
    await transactionAnnouncing(testApp.db.db, (tx) =>
      insertAnnouncements(tx, [
        {
          merchantId: merchant!.id,
          type: 'PR',
          platform: 'M',
          title: { TY: 'Tagalog lamang' },
          content: { TY: 'Nilalaman' },
          publishedAt: new Date('2025-01-01'),
        },
        {
          merchantId: merchant!.id,
          type: 'PR',
          platform: 'M',
          title: { EN: 'English only' },
          content: { EN: 'Body' },
          imageUrl: { EN: '/media/x.png' },
          sortOrder: 1,
          publishedAt: new Date('2025-01-01'),
        },
        {
          merchantId: merchant!.id,
          type: 'PR',
          platform: 'M',
          title: { EN: 'Future' },
          content: { EN: 'Not yet' },
          publishedAt: new Date('2999-01-01'),
        },
      ]),
    );
    const english = (await get(`${API_PATHS.announcements}?types=PR&language=EN`)).body.value.promotion;
    expect(english.map((item: { title: string }) => item.title)).toEqual(['Tagalog lamang', 'English only']);
    const tagalog = (await get(`${API_PATHS.announcements}?types=PR&language=TY`)).body.value.promotion;
    expect(tagalog.map((item: { title: string }) => item.title)).toEqual(['Tagalog lamang', 'English only']);
    expect(tagalog.map((item: { imageUrl: string | null }) => item.imageUrl)).toEqual([null, '/media/x.png']);
    expect(pickText({}, 'EN')).toBe('');
  });

  it.each([
    ['an unknown type', 'types=Z', 'types'],
    ['no types', 'types=', 'types'],
    ['an unknown platform', 'types=B&platform=X', 'platform'],
    ['an unknown language', 'types=B&language=FR', 'language'],
    ['a huge types string', `types=${'B,'.repeat(5000)}`, 'types'],
    ['unicode', `types=${encodeURIComponent('B,ñ😀')}`, 'types'],
    ['an SQL fragment', `types=${encodeURIComponent("B') OR 1=1 --")}`, 'types'],
    [
      'an SQL fragment as language',
      `types=B&language=${encodeURIComponent("EN'; DROP TABLE announcements; --")}`,
      'language',
    ],
  ])('refuses %s with 400 and the field', async (_case, query, field) => {
    const { status, body } = await get(`${API_PATHS.announcements}?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errorCode: ERROR_CODES.validation });
    expect(body.value.fields.some((error: { field: string }) => error.field.split('.')[0] === field)).toBe(true);
    expect(body.value.fields[0].i18nKey).toBe('in_request_invalid');
  });

  it('still works after the SQL fragments', async () => {
    expect((await get(`${API_PATHS.announcements}?types=B`)).body.value.banners).toHaveLength(4);
  });
});

describe('notices', () => {
  it('pages the player notices, newest first', async () => {
    const first = (await get(`${API_PATHS.notices}?pageNo=1&pageSize=2&language=EN`)).body.value;
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2, totalPages: 3, totalCount: 5 });
    expect(first.list.map((item: { title: string }) => item.title)).toEqual([
      'GCash deposit maintenance',
      'Play responsibly',
    ]);
    const last = (await get(`${API_PATHS.notices}?pageNo=3&pageSize=2&language=EN`)).body.value;
    expect(last.list.map((item: { title: string }) => item.title)).toEqual(['Faster withdrawals']);
    const beyond = (await get(`${API_PATHS.notices}?pageNo=9&pageSize=2`)).body.value;
    expect(beyond.list).toEqual([]);
  });

  it('has defaults and refuses bad paging', async () => {
    expect((await get(API_PATHS.notices)).body.value).toMatchObject({ pageNo: 1, pageSize: 10, totalPages: 1 });
    expect((await get(`${API_PATHS.notices}?pageSize=500`)).status).toBe(400);
    expect((await get(`${API_PATHS.notices}?pageNo=abc`)).body.value.fields[0].field).toBe('pageNo');
  });
});
