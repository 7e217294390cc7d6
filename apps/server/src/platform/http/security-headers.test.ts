import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { changeMerchantRow } from '../../modules/site/testing';
import { DEMO_MERCHANT_ID } from '../../modules/wallet/testing';
import { createTestApp, type TestApp } from '../../test-app';
import { imageSourcesOf, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** The policy's directives by name, e.g. `{ 'img-src': ["'self'", 'data:'] }`. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values];
      }),
  );
}

function expectStrictPolicy(policy: Record<string, string[]>) {
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['style-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
  expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
}

describe('security headers', () => {
  it('go out on an API answer: CSP, no framing, COOP, Permissions-Policy, nosniff, referrer policy', async () => {
    const response = await testApp.app.inject({ url: `${API_PATHS.startup}?language=EN` });
    expect(response.statusCode).toBe(200);
    expectStrictPolicy(directives(response.headers['content-security-policy']));
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Outside production there is no HSTS, whatever the transport says.
    const forwarded = await testApp.app.inject({ url: API_PATHS.health, headers: { 'x-forwarded-proto': 'https' } });
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
  });

  it('go out on the app page and on failures too', async () => {
    const page = await testApp.app.inject({ url: '/m/home', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expectStrictPolicy(directives(page.headers['content-security-policy']));
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.body).not.toMatch(/style=|<style|<script(?![^>]*\ssrc=)/);

    const missing = await testApp.app.inject({ url: '/wps/nothing' });
    expect(missing.statusCode).toBe(404);
    expectStrictPolicy(directives(missing.headers['content-security-policy']));
  });

  it("let the app page load images from its merchant's image CDNs, and only well-formed ones", async () => {
    const before = await testApp.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(directives(before.headers['content-security-policy'])['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    await changeMerchantRow(testApp.db.db, DEMO_MERCHANT_ID, {
      imageCdns: [
        'https://img1.cdn.example/palaro/',
        ' https://img2.cdn.example ',
        'not a url',
        "https://x.example;script-src 'unsafe-inline'",
      ],
    });
    try {
      const page = await testApp.app.inject({ url: '/', headers: { accept: 'text/html' } });
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://img1.cdn.example',
        'https://img2.cdn.example',
      ]);
      expect(policy['script-src']).toEqual(["'self'"]);
      // The media the CDNs fetch from here must be loadable from their origin.
      const media = await testApp.app.inject({ url: '/media/banners/ty/welcome-bonus.svg' });
      expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // API answers keep the policy without CDNs.
      const api = await testApp.app.inject({ url: API_PATHS.health });
      expect(directives(api.headers['content-security-policy'])['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    } finally {
      await changeMerchantRow(testApp.db.db, DEMO_MERCHANT_ID, { imageCdns: [] });
    }
  });

  it('keep the sandbox payment page to its own stricter policy: its one style sheet by hash, no script', async () => {
    const page = await testApp.app.inject({ url: API_PATHS.sandboxCheckout.replace(':orderNo', 'D000000000000') });
    expect(page.statusCode).toBe(404);
    const style = page.body.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    const policy = directives(page.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
    expect(policy['script-src']).toBeUndefined();
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('let the API documentation apply its own style element, and nothing else', async () => {
    for (const path of ['/docs', '/docs/static/index.html']) {
      const docs = await testApp.app.inject({ url: path });
      expect(docs.statusCode, path).toBeLessThan(400);
      const policy = directives(docs.headers['content-security-policy']);
      expect(policy['style-src'], path).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['script-src'], path).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
    }
  });

  it('send HSTS in production only over HTTPS', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    try {
      const overHttps = await production.app.inject({
        url: API_PATHS.health,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      const overHttp = await production.app.inject({ url: API_PATHS.health });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});

describe('imageSourcesOf', () => {
  it('keeps the origins of http(s) URLs, once each', () => {
    expect(
      imageSourcesOf([
        'https://a.example/x/',
        'https://a.example/y',
        'http://b.example:8080/',
        'ftp://c.example',
        'data:,x',
        '',
        'https://x.example;script-src',
      ]),
    ).toEqual(['https://a.example', 'http://b.example:8080']);
  });
});
