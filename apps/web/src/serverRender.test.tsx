// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Language, TWebBoot } from '@palaro/contract';
import { renderFirstScreen } from './serverRender';
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
