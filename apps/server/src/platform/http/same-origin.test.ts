import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, LOTTERY_API_PATHS, PROVIDER_API_PATHS } from '@palaro/contract';
import { registeredMember } from '../../modules/wallet/testing';
import { createTestApp, type TestApp } from '../../test-app';

/**
 * Cross-site request forgery, through the real HTTP layer: a page of another site (a sibling
 * subdomain included) makes the player's browser send a state-changing request with the member's
 * cookie; SameSite=Lax let it through.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const HOST = 'm.palaro.test';
const chaseCancel = LOTTERY_API_PATHS.cancelChase.replace(':chaseId', '7');

async function member() {
  const signedIn = await registeredMember(testApp.app, testApp.db);
  const stillSignedIn = async () =>
    (await signedIn.client.request('GET', API_PATHS.memberInfo, undefined, { host: HOST })).statusCode === 200;
  expect(await stillSignedIn()).toBe(true);
  return { ...signedIn, stillSignedIn };
}

describe('state-changing requests with the member’s cookie', () => {
  it('refuses another site’s text/plain POST, a sibling subdomain’s JSON and a cross-site sign-out with 403, reaching no handler', async () => {
    const { client, stillSignedIn } = await member();
    const forged = await client.request('POST', chaseCancel, '', {
      host: HOST,
      origin: 'https://evil.example',
      'content-type': 'text/plain',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({
      success: false,
      errorCode: ERROR_CODES.crossSiteRefused,
      message: expect.stringContaining('another site'),
    });

    const sibling = await client.request(
      'POST',
      LOTTERY_API_PATHS.placeBets,
      { gameCode: 'SSC_1M', bets: [] },
      { host: HOST, origin: 'https://promo.palaro.test' },
    );
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json().errorCode).toBe(ERROR_CODES.crossSiteRefused);

    const crossSite: Record<string, string>[] = [
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: `http://${HOST}:8080` },
    ];
    for (const headers of crossSite) {
      const signOut = await client.request('DELETE', API_PATHS.logout, undefined, { host: HOST, ...headers });
      expect(signOut.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await stillSignedIn()).toBe(true);
  });

  it('lets the site’s own pages through (Origin of the host, or Sec-Fetch-Site same-origin), and non-browser clients with neither', async () => {
    const { client } = await member();
    const own = await client.request('POST', chaseCancel, '', {
      host: HOST,
      origin: `https://${HOST}`,
      'content-type': 'text/plain',
    });
    expect(own.json().errorCode).not.toBe(ERROR_CODES.crossSiteRefused);
    expect(own.statusCode).not.toBe(403);
    const fetched = await client.request('POST', chaseCancel, {}, { host: HOST, 'sec-fetch-site': 'same-origin' });
    expect(fetched.json().errorCode).not.toBe(ERROR_CODES.crossSiteRefused);

    const { client: other, stillSignedIn } = await member();
    expect(
      (await other.request('DELETE', API_PATHS.logout, undefined, { host: HOST, origin: `https://${HOST}` }))
        .statusCode,
    ).toBe(200);
    expect(await stillSignedIn()).toBe(false);
    const { client: tool } = await member();
    expect((await tool.request('DELETE', API_PATHS.logout, undefined, { host: HOST })).statusCode).toBe(200);
  });

  it('does not concern calls without cookies: a provider’s signed call from another origin is answered by its own rules', async () => {
    const call = await testApp.app.inject({
      method: 'POST',
      url: PROVIDER_API_PATHS.balance,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(call.json().errorCode).not.toBe(ERROR_CODES.crossSiteRefused);
  });
});
