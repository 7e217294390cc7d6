import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  ERROR_CODES,
  GAME_API_PATHS,
  LIMITS,
  operatorPath,
  type TGameListPage,
  type TGameTile,
} from '@palaro/contract';
import { transactionAnnouncing } from '../../platform/cache/change-feed';
import type { Database } from '../../platform/db/database';
import { closeReplicaDatabase, openReplicaDatabase } from '../../platform/testing/replica-database';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { auditTrail } from '../audit/service';
import { demoMerchant } from '../site/seed';
import { insertDomainsIfAbsent, insertMerchantIfAbsent } from '../site/store';
import { registeredMember } from '../wallet/testing';
import { DEMO_HOT_MATCHES, demoGames } from './demo-catalogue';
import { seedDemoCatalogue } from './seed';
import { catalogueOf, recordRecentGame, rollHotMatches } from './service';

const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const SECOND_HOST = 'second-games.example';
const DEMO_GAMES = demoGames();

let testApp: TestApp;
let secondMerchantId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  await transactionAnnouncing(testApp.db.db, async (tx) => {
    const second = await insertMerchantIfAbsent(tx, {
      ...demoMerchant(),
      code: 'SECONDG',
      name: 'Second Games Brand',
      isDefault: false,
    });
    await insertDomainsIfAbsent(tx, second.id, [SECOND_HOST]);
    await seedDemoCatalogue(tx, second.id);
    secondMerchantId = second.id;
  });
});
afterAll(async () => {
  await testApp?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ url, headers });
  return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
}

async function list(query: string, headers: Record<string, string> = {}): Promise<TGameListPage> {
  const { status, body } = await get(`${GAME_API_PATHS.games}?${query}`, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value;
}

/** Every page of a list, for checks over a whole filter. */
async function listAll(query: string, headers: Record<string, string> = {}): Promise<TGameTile[]> {
  const first = await list(`${query}&pageSize=100`, headers);
  const tiles = [...first.games];
  for (let page = 2; page <= first.totalPages; page += 1)
    tiles.push(...(await list(`${query}&pageSize=100&pageNo=${page}`, headers)).games);
  return tiles;
}

function operator(method: 'GET' | 'PATCH' | 'POST', template: string, payload?: object, merchant = 'PALARO') {
  return testApp.app.inject({
    method,
    url: operatorPath(template, merchant),
    headers: auth,
    ...(payload && { payload }),
  });
}

const visibleDemoGames = DEMO_GAMES.filter((game) => game.category !== 'COCKFIGHT');

describe('the game list', () => {
  it('pages the whole catalogue 26 at a time, every game once', async () => {
    const first = await list('clientType=2&platform=html5');
    expect(first.games).toHaveLength(LIMITS.gamePageSize);
    expect(first.pageNum).toBe(1);
    expect(first.totalCount).toBe(visibleDemoGames.length);
    expect(first.totalPages).toBe(Math.ceil(visibleDemoGames.length / LIMITS.gamePageSize));
    const all = await listAll('clientType=2');
    expect(new Set(all.map((tile) => tile.nodeId)).size).toBe(visibleDemoGames.length);
    const second = await list('pageNo=2');
    expect(second.pageNum).toBe(2);
    expect(second.games[0]!.nodeId).toBe(all[26]!.nodeId);
    const beyond = await list('pageNo=9999');
    expect(beyond.games).toEqual([]);
    expect(beyond.totalPages).toBe(first.totalPages);
  });

  it('filters by category, vendor, classification, newness, minimum bet and lines', async () => {
    const rng = await listAll('gameType=RNG');
    expect(rng.length).toBe(DEMO_GAMES.filter((game) => game.category === 'RNG').length);
    expect(rng.every((tile) => tile.gameType === 'RNG')).toBe(true);

    const alonFish = await listAll('gameType=FISH&vassalage=ALON');
    expect(alonFish.length).toBe(10);
    expect(alonFish.every((tile) => tile.vassalage === 'ALON' && tile.gameType === 'FISH')).toBe(true);

    const hot = await listAll('gameClassify=HOT');
    expect(hot.length).toBe(visibleDemoGames.filter((game) => game.hot).length);
    expect(hot.every((tile) => tile.hot && tile.gameClassifyNew.includes('HOT'))).toBe(true);

    const newRng = await listAll('gameType=RNG&gameClassify=NEW');
    expect(newRng.length).toBeGreaterThan(0);
    expect(newRng.every((tile) => tile.new && tile.gameType === 'RNG')).toBe(true);
    // NEW is an RNG classification: without a category it still selects new RNG games only.
    expect((await listAll('gameClassify=NEW')).map((tile) => tile.nodeId)).toEqual(newRng.map((tile) => tile.nodeId));
    const isNew = await listAll('isNew=true');
    expect(isNew.some((tile) => tile.gameType !== 'RNG')).toBe(true);
    expect(isNew.every((tile) => tile.new)).toBe(true);

    const jackpots = await listAll('gameClassify=jackpot');
    expect(jackpots.length).toBeGreaterThan(0);
    expect(jackpots.every((tile) => tile.gameClassifyNew.includes('JACKPOT'))).toBe(true);

    const cheapest = await listAll('gameType=RNG&minBet=5');
    expect(cheapest.length).toBeGreaterThan(0);
    expect(cheapest.every((tile) => tile.minBet === 5)).toBe(true);

    const wide = await listAll('gameType=RNG&minLine=243');
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.every((tile) => (tile.lines ?? 0) >= 243)).toBe(true);

    const tile = rng[0]!;
    expect(tile).toMatchObject({
      gameCategory: 'RNG',
      supportPlay: true,
      mobileSmallIcon: `/media/games/PALARO/s/${tile.gameId}.webp`,
      mobileLargeIcon: `/media/games/PALARO/l/${tile.gameId}.webp`,
      vendorLogoUrl: `/media/games/PALARO/vendors/${tile.vassalage}.webp`,
    });
  });

  it('searches names in any case, within the other filters', async () => {
    const carabao = await listAll('gameName=CARABAO');
    expect(carabao.length).toBeGreaterThan(1);
    expect(carabao.every((tile) => tile.gameName.toLowerCase().includes('carabao'))).toBe(true);
    const liveCarabao = await listAll('gameName=carabao&gameType=LIVE');
    expect(liveCarabao.every((tile) => tile.gameType === 'LIVE')).toBe(true);
    expect(liveCarabao.length).toBeLessThan(carabao.length);
    expect((await list('gameName=zzzz-nothing')).games).toEqual([]);
  });

  it('refuses bad input with a 400 in the envelope, never a 500', async () => {
    for (const query of [
      'pageNo=0',
      'pageNo=99999999',
      'pageSize=1000',
      'gameType=CASINO',
      'minBet=abc',
      'minBet=-1',
      'clientType=3',
      'platform=ios',
      'isNew=maybe',
      'vassalage=bad%20vendor',
      'gameClassify=NEW&gameType=LIVE',
      'merchant=OTHER',
      `gameName=${'x'.repeat(100)}`,
      'pageNo=1e400',
      'minLine=1.5',
    ]) {
      const { status, body } = await get(`${GAME_API_PATHS.games}?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ success: false, errorCode: ERROR_CODES.validation });
    }
    expect((await get(`${GAME_API_PATHS.favourites}?nodeId=abc&vendor=ALON`)).status).toBe(401);
  });
});

describe('hot games, vendors, types and hot matches', () => {
  it('answers hot games of a category or all, vendor info in the merchant’s order and the category list', async () => {
    const hot = (await get(`${GAME_API_PATHS.hotGames}?isPlatform=2&platform=html5`)).body.value.games as TGameTile[];
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((tile) => tile.hot)).toBe(true);
    const hotLive = (await get(`${GAME_API_PATHS.hotGames}?gameType=LIVE`)).body.value.games as TGameTile[];
    expect(hotLive.every((tile) => tile.gameType === 'LIVE')).toBe(true);

    const info = (await get(GAME_API_PATHS.vendors)).body.value;
    const categories = info.sorting.map((entry: { gameCategory: string }) => entry.gameCategory);
    expect(categories).toEqual(['SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'RNG', 'PVP', 'INHOUSE', 'ELOTT', 'LOTT']);
    const rngVendors = info.sorting
      .find((entry: { gameCategory: string }) => entry.gameCategory === 'RNG')
      .vendorNames.map((vendor: { vassalage: string }) => vendor.vassalage);
    expect(rngVendors).toEqual(['ALON', 'BITUIN', 'HALIGI', 'SIKLAB']);
    expect(Object.keys(info.mapping).sort()).toEqual(['ELOTT', 'ESPORTS', 'LOTT']);
    expect(info.mapping.ESPORTS[0]).toMatchObject({ vassalage: 'TF' });
    expect(info.mapping.LOTT[0]).toMatchObject({ vassalage: 'TCG_LOTTO_VN' });
    expect(info.mapping.ELOTT[0]).toMatchObject({ vassalage: 'TCG_SEA' });

    const types = (await get(`${GAME_API_PATHS.gameTypes}?typeId=1`)).body.value.list;
    expect(types.map((type: { gameType: string }) => type.gameType)).toEqual(categories);
    // The vendors' own classifications of a category come with it, for the list's filter panel.
    expect(types.find((type: { gameType: string }) => type.gameType === 'RNG').classifications).toEqual([
      'CLASSIC',
      'FEATURE',
      'JACKPOT',
      'MULTIWAYS',
    ]);
    expect(types.find((type: { gameType: string }) => type.gameType === 'SPORTS').classifications).toEqual([]);
  });

  it('shows upcoming matches only, soonest first, and keeps demo fixtures ahead by rolling them forward', async () => {
    const now = new Date();
    const matches = (await get(GAME_API_PATHS.hotMatches)).body.value.list;
    expect(matches).toHaveLength(DEMO_HOT_MATCHES.length);
    const times = matches.map((match: { matchTime: string }) => Date.parse(match.matchTime));
    expect(times.every((time: number) => time > now.getTime())).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(matches[0]).toMatchObject({
      vendor: expect.stringMatching(/^(PSB|TF)$/),
      homeTeamImageUrl: expect.stringMatching(/^\/media\/games\/teams\/.+\.webp$/),
    });

    // Two days on, every fixture has kicked off; the roll moves each to its next day, ahead of then.
    const later = new Date(now.getTime() + 2 * 86_400_000);
    await rollHotMatches(testApp.db.db, later);
    const rolled = (await operator('GET', GAME_API_PATHS.operatorHotMatches)).json().value.list;
    for (const match of rolled) {
      const time = Date.parse(match.matchTime);
      expect(time).toBeGreaterThan(later.getTime());
      expect(time - later.getTime()).toBeLessThanOrEqual(86_400_000);
    }
    // Rolling again at the same time moves nothing.
    await rollHotMatches(testApp.db.db, later);
    expect((await operator('GET', GAME_API_PATHS.operatorHotMatches)).json().value.list).toEqual(rolled);
  });

  it('draws our own art for icons, logos and badges as WebP, from the SVG also served, cacheable by tag', async () => {
    const tile = (await list('gameType=RNG')).games[0]!;
    for (const url of [
      tile.mobileSmallIcon,
      tile.mobileLargeIcon,
      tile.vendorLogoUrl,
      '/media/games/teams/pasig-carabaos.webp',
    ]) {
      expect(url, url).toMatch(/\.webp$/);
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const picture = response.rawPayload;
      expect(picture.subarray(0, 4).toString('latin1') + picture.subarray(8, 12).toString('latin1')).toBe('RIFFWEBP');
      const again = await testApp.app.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);

      const source = await testApp.app.inject({ url: url.replace(/\.webp$/, '.svg') });
      expect(source.headers['content-type']).toContain('image/svg+xml');
      expect(source.body).toMatch(/^<svg /);
      expect(source.headers.etag).not.toBe(response.headers.etag);
      const { width, height } = await sharp(picture).metadata();
      const declared = /width="(\d+)" height="(\d+)"/.exec(source.body)!;
      expect([width, height]).toEqual([Number(declared[1]), Number(declared[2])]);
    }
    expect((await testApp.app.inject({ url: tile.mobileLargeIcon.replace(/\.webp$/, '.svg') })).body).toContain(
      tile.gameName.replace(/&/g, '&#38;'),
    );
    expect((await testApp.app.inject({ url: '/media/games/PALARO/s/NO-SUCH-GAME.webp' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/media/games/PALARO/x/ALON-RNG-001.webp' })).statusCode).toBe(400);
    expect((await testApp.app.inject({ url: '/media/games/PALARO/s/ALON-RNG-001.png' })).statusCode).toBe(400);
  });
});

describe('the cockfight switch', () => {
  it('keeps cockfight out of lists, search, vendor info and types until the merchant switches it on', async () => {
    const cockfightShown = async () => ({
      listed: (await listAll('clientType=2')).some((tile) => tile.gameType === 'COCKFIGHT'),
      byType: (await list('gameType=COCKFIGHT')).totalCount,
      searched: (await listAll('gameName=sabong')).length,
      vendor: JSON.stringify((await get(GAME_API_PATHS.vendors)).body.value).includes('DS88'),
      type: (await get(GAME_API_PATHS.gameTypes)).body.value.list.some(
        (type: { gameType: string }) => type.gameType === 'COCKFIGHT',
      ),
    });
    expect(await cockfightShown()).toEqual({ listed: false, byType: 0, searched: 0, vendor: false, type: false });
    expect((await operator('GET', GAME_API_PATHS.operatorGameSettings)).json().value).toEqual({
      cockfightEnabled: false,
    });

    expect((await operator('PATCH', GAME_API_PATHS.operatorGameSettings, { cockfightEnabled: true })).statusCode).toBe(
      200,
    );
    expect(await cockfightShown()).toEqual({ listed: true, byType: 3, searched: 1, vendor: true, type: true });
    const types = (await get(GAME_API_PATHS.gameTypes)).body.value.list.map(
      (type: { gameType: string }) => type.gameType,
    );
    expect(types.indexOf('COCKFIGHT')).toBe(types.indexOf('RNG') + 1);

    expect((await operator('PATCH', GAME_API_PATHS.operatorGameSettings, { cockfightEnabled: false })).statusCode).toBe(
      200,
    );
    expect(await cockfightShown()).toEqual({ listed: false, byType: 0, searched: 0, vendor: false, type: false });
    // The other merchant never switched it on.
    expect((await list('gameType=COCKFIGHT', { host: SECOND_HOST })).totalCount).toBe(0);
  });
});

describe('favourites and recents', () => {
  it('need a member, ignore a second add, stay the member’s own and follow the catalogue', async () => {
    const tiles = (await list('gameType=RNG')).games;
    const [first, second] = [tiles[0]!, tiles[1]!];
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: GAME_API_PATHS.favourites,
          payload: { nodeId: first.nodeId, vendor: first.vassalage },
        })
      ).statusCode,
    ).toBe(401);

    const juan = await registeredMember(testApp.app, testApp.db);
    const maria = await registeredMember(testApp.app, testApp.db);
    const add = (client: typeof juan.client, tile: TGameTile) =>
      client.request('POST', GAME_API_PATHS.favourites, { nodeId: tile.nodeId, vendor: tile.vassalage });
    expect((await add(juan.client, first)).json().value.ids).toEqual([first.nodeId]);
    expect((await add(juan.client, first)).json().value.ids).toEqual([first.nodeId]);
    expect((await add(juan.client, second)).json().value.ids).toEqual([second.nodeId, first.nodeId]);

    const juanList = (
      await juan.client.request('GET', `${GAME_API_PATHS.favourites}?pageNo=1&pageSize=26&gameType=RNG`)
    ).json().value;
    expect(juanList).toMatchObject({ pageNum: 1, totalPages: 1, ids: [second.nodeId, first.nodeId] });
    expect(juanList.content.map((tile: TGameTile) => tile.nodeId)).toEqual([second.nodeId, first.nodeId]);
    expect(
      (await juan.client.request('GET', `${GAME_API_PATHS.favourites}?gameType=LIVE`)).json().value.content,
    ).toEqual([]);
    const favList = (await juan.client.request('GET', `${GAME_API_PATHS.games}?gameClassify=FAV&gameType=RNG`)).json()
      .value;
    expect(favList.games.map((tile: TGameTile) => tile.nodeId).sort()).toEqual([first.nodeId, second.nodeId].sort());
    expect((await get(`${GAME_API_PATHS.games}?gameClassify=FAV`)).status).toBe(401);

    // Another member sees none of them.
    expect((await maria.client.request('GET', GAME_API_PATHS.favourites)).json().value).toMatchObject({
      content: [],
      ids: [],
    });

    // Wrong vendor, unknown game, bad ids.
    expect(
      (await juan.client.request('POST', GAME_API_PATHS.favourites, { nodeId: first.nodeId, vendor: 'BITUIN_X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await juan.client.request('POST', GAME_API_PATHS.favourites, { nodeId: 2 ** 31 - 1, vendor: 'ALON' }))
        .statusCode,
    ).toBe(404);
    for (const payload of [
      { nodeId: 'x', vendor: 'ALON' },
      { nodeId: 0, vendor: 'ALON' },
      { nodeId: 1 },
      { nodeId: 1, vendor: 'a b' },
    ]) {
      const response = await juan.client.request('POST', GAME_API_PATHS.favourites, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: ERROR_CODES.validation });
    }

    // Removing is by nodeId and vendor; removing again is harmless.
    const remove = () =>
      juan.client.request('DELETE', `${GAME_API_PATHS.favourites}?nodeId=${first.nodeId}&vendor=${first.vassalage}`);
    expect((await remove()).json().value.ids).toEqual([second.nodeId]);
    expect((await remove()).json().value.ids).toEqual([second.nodeId]);

    // Recents: what the launch records, latest first, 25 a page.
    const scope = { merchant: { id: 1, code: 'PALARO' }, memberId: juan.memberId };
    await recordRecentGame(testApp.db.db, scope, first.nodeId, new Date('2026-01-01T10:00:00Z'));
    await recordRecentGame(testApp.db.db, scope, second.nodeId, new Date('2026-01-01T11:00:00Z'));
    await recordRecentGame(testApp.db.db, scope, first.nodeId, new Date('2026-01-01T12:00:00Z'));
    const recents = (
      await juan.client.request('GET', `${GAME_API_PATHS.recents}?page=1&pageSize=25&clientType=2`)
    ).json().value;
    expect(recents.list.map((tile: TGameTile) => tile.nodeId)).toEqual([first.nodeId, second.nodeId]);
    expect(recents.list[0].lastPlayedAt).toBe('2026-01-01T12:00:00.000Z');
    expect((await maria.client.request('GET', GAME_API_PATHS.recents)).json().value).toEqual({
      list: [],
      totalPages: 0,
    });
    await expect(recordRecentGame(testApp.db.db, scope, 2 ** 31 - 1, new Date())).rejects.toThrow('No such game');
  });

  it('never lets a member favourite another merchant’s game', async () => {
    const secondGame = (await list('gameType=RNG', { host: SECOND_HOST })).games[0]!;
    const juan = await registeredMember(testApp.app, testApp.db);
    const response = await juan.client.request('POST', GAME_API_PATHS.favourites, {
      nodeId: secondGame.nodeId,
      vendor: secondGame.vassalage,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('operator changes', () => {
  it('reach the next list at once (a new tag), stay in their merchant, and are audited', async () => {
    const firstPage = await get(`${GAME_API_PATHS.games}?gameType=RNG&vassalage=BITUIN`);
    const target = (firstPage.body.value as TGameListPage).games[0]!;
    expect(
      (
        await get(`${GAME_API_PATHS.games}?gameType=RNG&vassalage=BITUIN`, {
          'if-none-match': String(firstPage.headers.etag),
        })
      ).status,
    ).toBe(304);

    const off = await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', target.gameId), {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ code: target.gameId, enabled: false });
    const after = await get(`${GAME_API_PATHS.games}?gameType=RNG&vassalage=BITUIN`, {
      'if-none-match': String(firstPage.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.body.value.games.map((tile: TGameTile) => tile.nodeId)).not.toContain(target.nodeId);
    expect(after.body.value.totalCount).toBe(firstPage.body.value.totalCount - 1);
    // The other merchant's copy of the game is untouched.
    expect(
      (await listAll('gameType=RNG&vassalage=BITUIN', { host: SECOND_HOST })).map((tile) => tile.gameId),
    ).toContain(target.gameId);

    // Hot, new, order and minimum bet of a game; a vendor switched off takes its games with it.
    const changed = await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', target.gameId), {
      enabled: true,
      hot: true,
      sortOrder: 0,
      minBet: 75,
    });
    expect(changed.json().value).toMatchObject({ hot: true, sortOrder: 0, minBet: 75, enabled: true });
    const top = (await list('gameType=RNG&vassalage=BITUIN')).games[0]!;
    expect(top).toMatchObject({ nodeId: target.nodeId, hot: true, minBet: 75 });

    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorVendor.replace(':vendorCode', 'BITUIN'), { enabled: false }))
        .statusCode,
    ).toBe(200);
    expect((await list('vassalage=BITUIN')).totalCount).toBe(0);
    expect(JSON.stringify((await get(GAME_API_PATHS.vendors)).body.value)).not.toContain('BITUIN');
    expect(
      (
        await operator('PATCH', GAME_API_PATHS.operatorVendor.replace(':vendorCode', 'BITUIN'), {
          enabled: true,
          minBet: 10,
        })
      ).statusCode,
    ).toBe(200);
    const floored = await listAll('vassalage=BITUIN');
    expect(floored.every((tile) => tile.minBet >= 10)).toBe(true);

    const trail = await auditTrail(testApp.db.db, 1);
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['games.game.update', 'games.vendor.update']),
    );

    // Bad operator input: 400 or 404, never a 500.
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', target.gameId), {})).statusCode,
    ).toBe(400);
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', target.gameId), { minBet: 0 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', target.gameId), { colour: 'red' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', 'NO-SUCH'), { hot: true })).statusCode,
    ).toBe(404);
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorVendor.replace(':vendorCode', 'NOPE'), { hot: true })).statusCode,
    ).toBe(404);
  });

  it('adds and hides hot matches', async () => {
    const kickOff = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const created = await operator('POST', GAME_API_PATHS.operatorHotMatches, {
      league: 'Luzon Cup',
      homeTeam: 'Tarlac Rams',
      awayTeam: 'Laguna Lakers',
      matchTime: kickOff,
      gameCode: 'PSB-SPORTS-001',
      roomId: 'PSB-LC-9',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id;
    const shown = async () =>
      (await get(GAME_API_PATHS.hotMatches)).body.value.list.some((match: { id: number }) => match.id === id);
    expect(await shown()).toBe(true);
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorHotMatch.replace(':id', String(id)), { active: false }))
        .statusCode,
    ).toBe(200);
    expect(await shown()).toBe(false);
    const notSports = await operator('POST', GAME_API_PATHS.operatorHotMatches, {
      league: 'X',
      homeTeam: 'A',
      awayTeam: 'B',
      matchTime: kickOff,
      gameCode: 'ALON-RNG-001',
      roomId: 'R1',
    });
    expect(notSports.statusCode).toBe(400);
    expect(
      (
        await operator('POST', GAME_API_PATHS.operatorHotMatches, {
          league: 'X',
          homeTeam: 'A',
          awayTeam: 'B',
          matchTime: 'tomorrow',
          gameCode: 'PSB-SPORTS-001',
          roomId: 'R1',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists games for the operator by the start of a name, any case', async () => {
    const page = (await operator('GET', `${GAME_API_PATHS.operatorGames}?name=golden`)).json().value;
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((game: { name: string }) => game.name.startsWith('Golden'))).toBe(true);
  });
});

describe('a change on one replica', () => {
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

  it('reaches the other replica’s catalogue, and seeding again changes nothing', async () => {
    const hotCount = async () =>
      (await replica.app.inject({ url: `${GAME_API_PATHS.games}?gameType=LIVE&gameClassify=HOT` })).json().value
        .totalCount;
    const before = await hotCount();
    expect(await hotCount()).toBe(before);
    const live = (await list('gameType=LIVE')).games.find((tile) => !tile.hot)!;
    expect(
      (await operator('PATCH', GAME_API_PATHS.operatorGame.replace(':gameCode', live.gameId), { hot: true }))
        .statusCode,
    ).toBe(200);
    await expect.poll(hotCount, { timeout: 15_000, interval: 20 }).toBe(before + 1);
    // The replica's start seeded the same database again: the operator's changes stayed.
    expect((await catalogueOf(testApp.db.db, { id: 1, code: 'PALARO' })).gameByCode(live.gameId)?.row.hot).toBe(true);
    expect((await catalogueOf(testApp.db.db, { id: secondMerchantId, code: 'SECONDG' })).games.length).toBe(
      visibleDemoGames.length,
    );
  });
});
