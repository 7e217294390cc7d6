import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, GAME_API_PATHS, operatorPath } from '@palaro/contract';
import { buildApp } from '../../app';
import { createTestAppWith, TEST_OPERATOR_TOKEN, type TestApp } from '../../platform/testing/test-app';
import { bootstrapOperatorCredential } from '../operator/service';
import { insertAnnouncements } from '../content/store';
import { seedDemoData } from '../../seed';
import { addMerchantOnHost } from './testing';

const SECOND_HOST = 'second-lane.example';
const DEMO_HOST = 'localhost';

/** Every route the lane answers, with a query a player's screen sends. */
const PUBLIC_READS = [
  `${API_PATHS.startup}?language=TY`,
  API_PATHS.siteSettings,
  `${API_PATHS.announcements}?types=B,PL,PU,H&platform=M&language=TY`,
  `${API_PATHS.notices}?pageNo=1&pageSize=10&language=EN`,
  `${GAME_API_PATHS.games}?gameType=RNG&pageNo=1&pageSize=26&language=TY`,
  `${GAME_API_PATHS.hotGames}?gameType=RNG`,
  `${GAME_API_PATHS.vendors}?language=TY`,
  `${GAME_API_PATHS.gameTypes}?language=EN`,
  `${GAME_API_PATHS.hotMatches}?language=TY`,
];
const ENCODINGS = { brotli: 'gzip, deflate, br', gzip: 'gzip', identity: 'identity' };

interface RawAnswer {
  status: number;
  /** Header names in the order they were sent, with their values. */
  headers: [string, string][];
  body: Buffer;
}

let testApp: TestApp;
let origin: string;
/** URLs the normal path answered: the onSend hooks run for them, never for the lane's answers. */
const normalPath: string[] = [];

beforeAll(async () => {
  testApp = await createTestAppWith(
    {
      async prepare(db, operatorToken) {
        await seedDemoData(db.db);
        await bootstrapOperatorCredential(db.db, operatorToken);
      },
      async build(options) {
        const app = await buildApp(options);
        app.addHook('onSend', (request, _reply, payload, done) => {
          normalPath.push(request.url);
          done(null, payload);
        });
        return app;
      },
    },
    { NODE_ENV: 'production', TRUST_PROXY: 'true' },
  );
  const secondId = await addMerchantOnHost(testApp.db.db, {
    code: 'SECONDLANE',
    name: 'Second Lane',
    host: SECOND_HOST,
  });
  await insertAnnouncements(testApp.db.db, [
    {
      merchantId: secondId,
      type: 'B',
      platform: 'M',
      title: { EN: 'Second lane banner' },
      content: { EN: '' },
      imageUrl: { EN: '/media/second-lane.svg' },
      publishedAt: new Date('2025-01-01'),
    },
  ]);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp?.close();
});

/**
 * A request over a real connection, so header order and bytes are what a client receives; as if
 * through an HTTPS proxy (production sends HSTS then, on both paths).
 */
function get(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${origin}${url}`,
      { method, headers: { 'x-forwarded-proto': 'https', ...headers }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headerPairs: [string, string][] = [];
          for (let index = 0; index < response.rawHeaders.length; index += 2)
            headerPairs.push([response.rawHeaders[index]!, response.rawHeaders[index + 1]!]);
          resolve({ status: response.statusCode ?? 0, headers: headerPairs, body: Buffer.concat(chunks) });
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** What must be equal between two answers: all but the request id's and the date's values (which differ per answer). */
function comparable(answer: RawAnswer) {
  return {
    status: answer.status,
    headers: answer.headers.map(([name, value]) => [name, /^(x-request-id|date)$/i.test(name) ? '…' : value]),
    body: answer.body.toString('base64'),
  };
}

function headerOf(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([header]) => header.toLowerCase() === name)?.[1];
}

let made = 0;
/** The URL with a query parameter no schema knows (they drop it): a raw query the lane has not seen, so the normal path answers it first. */
function unseen(url: string): string {
  made += 1;
  return `${url}${url.includes('?') ? '&' : '?'}laneTest=${made}`;
}

/**
 * The normal path's answer to `url` (its first request), then the lane's (the same URL again),
 * checked to have gone where they should.
 */
async function bothPaths(
  url: string,
  headers: Record<string, string>,
): Promise<{ normal: RawAnswer; lane: RawAnswer }> {
  const seenBefore = normalPath.length;
  const normal = await get(url, headers);
  expect(normalPath.slice(seenBefore)).toEqual([url]);
  const lane = await get(url, headers);
  expect(normalPath.length, `${url} was answered by the normal path twice`).toBe(seenBefore + 1);
  return { normal, lane };
}

describe('the public-read lane', () => {
  it('answers every public read exactly as the normal path does: 200 and 304, brotli, gzip and plain, two merchants', async () => {
    for (const read of PUBLIC_READS) {
      for (const [encodingName, acceptEncoding] of Object.entries(ENCODINGS)) {
        const bodies = new Map<string, string>();
        for (const host of [DEMO_HOST, SECOND_HOST]) {
          const headers = { host, 'accept-encoding': acceptEncoding };
          const { normal, lane } = await bothPaths(unseen(read), headers);
          expect(normal.status, `${read} ${host}`).toBe(200);
          expect(headerOf(normal, 'strict-transport-security')).toBeDefined();
          expect(comparable(lane), `${read} ${host} ${encodingName}`).toEqual(comparable(normal));
          bodies.set(host, lane.body.toString('base64'));

          // A client that has it: 304 with no body, on both paths.
          const conditional = await bothPaths(unseen(read), { ...headers, 'if-none-match': headerOf(normal, 'etag')! });
          expect(conditional.normal.status).toBe(304);
          expect(comparable(conditional.lane)).toEqual(comparable(conditional.normal));
        }
        if (!read.startsWith(GAME_API_PATHS.hotMatches)) {
          expect(bodies.get(DEMO_HOST), `${read}: each merchant its own`).not.toBe(bodies.get(SECOND_HOST));
        }
      }
    }
  });

  it('gives a query it has seen on one merchant’s host the other merchant’s own answer on theirs', async () => {
    for (const read of PUBLIC_READS) {
      const url = unseen(read);
      const headers = { 'accept-encoding': ENCODINGS.gzip };
      await get(url, { ...headers, host: DEMO_HOST });
      const seenBefore = normalPath.length;
      const onSecond = await get(url, { ...headers, host: SECOND_HOST });
      expect(normalPath.length, `${read} through the lane`).toBe(seenBefore);
      const secondNormal = await get(unseen(read), { ...headers, host: SECOND_HOST });
      expect(comparable(onSecond)).toEqual(comparable(secondNormal));
    }
  });

  it('keeps maintenance: start-up and settings say so on both paths, every other read is refused as before', async () => {
    const lanePrimed = PUBLIC_READS.map((read) => unseen(read));
    for (const url of lanePrimed) await get(url, { host: SECOND_HOST });

    const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    const on = await testApp.app.inject({
      method: 'PUT',
      url: operatorPath(API_PATHS.operatorMaintenance, 'SECONDLANE'),
      headers: auth,
      payload: { enabled: true, message: 'Second lane upgrade' },
    });
    expect(on.statusCode).toBe(200);
    try {
      for (const [index, url] of lanePrimed.entries()) {
        const read = PUBLIC_READS[index]!;
        const throughLane = await get(url, { host: SECOND_HOST });
        const normal = await get(unseen(read), { host: SECOND_HOST });
        expect(comparable(throughLane), read).toEqual(comparable(normal));
        const open = read.startsWith(API_PATHS.startup) || read === API_PATHS.siteSettings;
        expect(throughLane.status, read).toBe(open ? 200 : 503);
      }
      const startup = JSON.parse((await get(lanePrimed[0]!, { host: SECOND_HOST })).body.toString());
      expect(startup.value.startup).toMatchObject({ mode: 'maintenance', info: { message: 'Second lane upgrade' } });
      // The other merchant is not in maintenance, through the same primed queries.
      expect((await get(lanePrimed[2]!, { host: DEMO_HOST })).status).toBe(200);
    } finally {
      await testApp.app.inject({
        method: 'PUT',
        url: operatorPath(API_PATHS.operatorMaintenance, 'SECONDLANE'),
        headers: auth,
        payload: { enabled: false },
      });
    }
  });

  it('leaves a query that fails validation, a HEAD and a signed-in list to the normal path', async () => {
    const invalid = `${API_PATHS.notices}?pageNo=0`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const seenBefore = normalPath.length;
      expect((await get(invalid, { host: DEMO_HOST })).status).toBe(400);
      expect(normalPath.length).toBe(seenBefore + 1);
    }
    const primed = unseen(API_PATHS.siteSettings);
    await get(primed, { host: DEMO_HOST });
    const seenBefore = normalPath.length;
    const head = await get(primed, { host: DEMO_HOST }, 'HEAD');
    expect(head.status).toBe(200);
    expect(normalPath.length).toBe(seenBefore + 1);

    const favourites = `${GAME_API_PATHS.games}?gameType=RNG&gameClassify=FAV`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const seenBefore = normalPath.length;
      expect((await get(favourites, { host: DEMO_HOST })).status).toBe(401);
      expect(normalPath.length).toBe(seenBefore + 1);
    }
  });
});
