import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { beforeEach, onTestFailed } from 'vitest';

export const screenshotDir = join(import.meta.dirname, '..', '..', '..', '.artifacts', 'screenshots');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Phone {
  context: BrowserContext;
  /** The address the server sees for this phone (the e2e server trusts X-Forwarded-For). */
  address: string;
  page: Page;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Chromium reports a refused inline script or style, a source the Content-Security-Policy does not
 * allow, and a Permissions-Policy it cannot read as console errors. Each phone collects them here;
 * the e2e setup fails the test during which one appeared (and close() any left over).
 */
const POLICY_ERROR = /Content Security Policy|Permissions-Policy/i;
const policyErrors: string[] = [];

/** The policy errors of every open phone since the last call, emptied. */
export function takePolicyErrors(): string[] {
  return policyErrors.splice(0);
}

/**
 * Waits until the app has taken the page over (its scripts come after the first paint): a press on
 * a screen the server drew, before that, is the browser's alone — a form posts itself as a page, a
 * tab does nothing — which a player on a slow phone may meet but a test should not stumble on.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('[data-shell]')) return false;
    const drawn = document.querySelector('#root [data-testid]');
    return drawn !== null && Object.keys(drawn).some((key) => key.startsWith('__reactProps$'));
  });
}

/** A fresh phone-sized Chromium (390×844, touch) with its own empty profile. */
export async function openPhone(baseURL: string): Promise<Phone> {
  const profile = mkdtempSync(join(tmpdir(), 'palaro-chromium-'));
  // Each phone is a player on an address of its own, as players are: limits per address (five
  // registrations an hour, SMS codes a day) then count one phone's doings, not the whole suite's.
  const address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  // Playwright waits 30 s by default; on a busy CI machine a sign-in (argon2) plus a lazy screen can
  // take longer, and a failure should mean the screen never came, not that the machine was slow.
  context.setDefaultTimeout(90_000);
  context.setDefaultNavigationTimeout(90_000);
  context.on('console', (message) => {
    if (message.type() === 'error' && POLICY_ERROR.test(message.text()))
      policyErrors.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(screenshotDir, { recursive: true });
  return {
    context,
    address,
    page,
    screenshot: async (name) => {
      await settle(page);
      await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      const leftOver = takePolicyErrors();
      if (leftOver.length > 0) throw new Error(`the browser refused what a policy forbids:\n${leftOver.join('\n')}`);
    },
  };
}

const SETTLE_MAX_ROUNDS = 200;

/**
 * Waits until the page is at rest: no finite CSS animation or transition still running, and the
 * scroll position unchanged over two frames. Screenshots, axe and layout checks then see the page
 * as it finally shows, however slow the machine: a fixed wait was too short on a busy one (colour
 * contrast was measured during a fade-in). Endless animations (spinners, skeleton shimmer, the
 * notice marquee) are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  for (let round = 0; round < SETTLE_MAX_ROUNDS; round += 1) {
    const atRest = await page.evaluate(async () => {
      const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const scrollBefore = window.scrollY;
      await nextFrame();
      await nextFrame();
      const finite = document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        return (
          (animation.playState === 'running' || animation.pending) && typeof end === 'number' && Number.isFinite(end)
        );
      });
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      return finite.length === 0 && window.scrollY === scrollBefore;
    });
    if (atRest) return;
  }
  throw new Error(
    `the page never came to rest (animations or scrolling) after ${SETTLE_MAX_ROUNDS} rounds: ${page.url()}`,
  );
}

/** Keeps a screenshot of the page as it was when a test failed: failed-<prefix><the test's name>.png. */
export function screenshotFailures(phone: () => Phone | undefined, prefix = '') {
  beforeEach(({ task }) => {
    onTestFailed(() => phone()?.screenshot(`failed-${prefix}${task.name.slice(0, 40).replace(/\W+/g, '-')}`));
  });
}
