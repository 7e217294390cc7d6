// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Language, TWebBoot } from '@palaro/contract';
import { renderFirstScreen, renderHomeFrame } from './serverRender';
import { SERVER_DRAWN_CASES, startupResponse } from './test/fixtures';

function guestBoot(language: Language): TWebBoot {
  return { language, startup: startupResponse(), imageCdnStart: 0 };
}

describe('first screens drawn by the server (in Node, with no browser)', () => {
  it.each(SERVER_DRAWN_CASES)(
    'draws %s in %s, with no style attribute the policy would refuse',
    async (path, language, testId) => {
      const screen = await renderFirstScreen(path, guestBoot(language));
      expect(screen?.body).toContain(`data-testid="${testId}"`);
      expect(screen?.body).not.toMatch(/\sstyle="/);
      expect(screen?.head).toMatch(/^(<link rel="preload"[^>]*>)*$/);
    },
  );

  it('leaves to the browser a state whose markup would carry style attributes: a reset link being checked', async () => {
    expect(await renderFirstScreen('/m/forget?resetToken=a-link-from-the-mail', guestBoot('TY'))).toBeNull();
  });

  it('draws none of the others: home (its frame is drawn instead), members-only screens, the rest', async () => {
    for (const path of ['/m/home', '/m/voucherCenter', '/m/gameList', '/m/nowhere']) {
      expect(await renderFirstScreen(path, guestBoot('TY'))).toBeNull();
    }
  });
});

describe("home's frame parts drawn by the server with the app's components", () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
  function homeBoot(language: Language): TWebBoot {
    const downloads = [
      { resourceType: 'Android' as const, url: '/media/downloads/android.html' },
      { resourceType: 'AppDownloadIcon' as const, url: '/media/brand/app-icon.svg' },
    ];
    return { language, startup: startupResponse({}, { resources: { downloads, site: [] } }), imageCdnStart: 0 };
  }

  it.each([
    ['TY', 'Mag-login', 'I-download ang app'],
    ['EN', 'Log in', 'Get the app'],
  ] as const)(
    'draws the guest header and the download bar in %s, with no style attribute and no test id',
    async (language, login, barText) => {
      const frame = await renderHomeFrame(homeBoot(language), { userAgent: ANDROID, closedBefore: false, guest: true });
      expect(frame.header).toMatch(/^<header class="app-header app-header--home">/);
      expect(frame.header).toContain(`>${login}</a>`);
      expect(frame.top).toMatch(/^<div class="download-bar">/);
      expect(frame.top).toContain(barText);
      expect(frame.top).toContain('href="/media/downloads/android.html"');
      for (const html of [frame.header, frame.top]) expect(html).not.toMatch(/\s(?:style|data-testid)="|<link /);
    },
  );

  it('draws no bar for a player who closed it, inside the native app, or without a link; no header for a member', async () => {
    const closed = await renderHomeFrame(homeBoot('TY'), { userAgent: ANDROID, closedBefore: true, guest: false });
    expect(closed).toEqual({ header: null, top: '' });
    expect(
      (await renderHomeFrame(homeBoot('TY'), { userAgent: `${ANDROID} PalaroApp`, closedBefore: false, guest: true }))
        .top,
    ).toBe('');
    expect((await renderHomeFrame(guestBoot('TY'), { userAgent: ANDROID, closedBefore: false, guest: true })).top).toBe(
      '',
    );
  });
});
