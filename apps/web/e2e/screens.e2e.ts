import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TStartupResponse } from '@palaro/contract';
import { en } from '../src/shared/i18n/en';
import { ty } from '../src/shared/i18n/ty';
import { TAGALOG_LOANWORDS, sameEnglish, textPieces, untranslatedTagalog } from '../src/shared/i18n/loanwords';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, dismissPopups, fetchAnnouncements, freshIdentity } from './helpers';
import { screenshotFailures, settle, type Phone } from './phone';
import { addGcashPayoutAccount, registerByUsername, setPaymentPassword, openPlayerPhone } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');
const PASSWORD = 'Sunrise2026';
const PAYMENT_PASSWORD = '135790';

/** Names that read the same in every language (the merchant's Sabong Live among them); a text made only of them is not English. */
const NAMES = [
  'GCash',
  'Maya',
  'USDT',
  'TRC20',
  'Palaro',
  'Telegram',
  'Facebook',
  'Google',
  'WhatsApp',
  'WeChat',
  'LINE',
  'Zalo',
  'Android',
  'iPhone',
  'Safari',
  'VIP',
  'OTP',
  'SMS',
  'RNG',
  'IP',
  'ID',
  'QQ',
  'Sabong',
  'Live',
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (text: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${text})(?![\\p{L}\\p{N}])`, flags);
const letters = (text: string) =>
  text.replace(wholeWords(NAMES.map(escape).join('|'), 'giu'), '').replace(/[^\p{L}]/gu, '').length;
const containsWords = (text: string, words: string) => wholeWords(escape(words)).test(text);

/**
 * English that must never show in Tagalog: each literal piece of an English text that its Tagalog
 * counterpart does not contain, with at least 4 letters besides names.
 */
const ENGLISH_ONLY = [
  ...new Map(
    Object.entries(en).flatMap(([key, english]) => {
      const tagalog = ty[key as keyof typeof ty];
      if (sameEnglish(english, tagalog)) return [];
      return textPieces(english)
        .filter((piece) => letters(piece) >= 4 && !containsWords(tagalog, piece))
        .map((piece) => [piece.toLowerCase(), { key, piece }] as const);
    }),
  ).values(),
];

const TEXT_KEYS = Object.keys(en);

/** Tagalog texts left in English although they are not among the accepted loanwords. */
const UNTRANSLATED = untranslatedTagalog(en, ty);

/**
 * What the player reads and hears: the page's text, its labels, alternative texts, placeholders and
 * title — without the names of products (games, studios, teams), which the page marks translate="no"
 * because they read the same in every language, even where a label repeats them.
 */
function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = [
      document.title,
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')).flatMap((element) =>
        ['aria-label', 'alt', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ].join('\n');
    const names = new Set(
      Array.from(document.querySelectorAll('[translate="no"]'), (element) => element.textContent?.trim() ?? ''),
    );
    return [...names].filter(Boolean).reduce((remaining, name) => remaining.split(name).join(' '), text);
  });
}

/** Whether English shows in a text, apart from inside an accepted loanword ("Country" in "Country code"). */
function showsEnglish(text: string, piece: string): boolean {
  const excusing = TAGALOG_LOANWORDS.filter(
    (loanword) => loanword.length > piece.length && containsWords(loanword, piece),
  );
  const rest = excusing.reduce(
    (remaining, loanword) => remaining.replace(wholeWords(escape(loanword), 'giu'), ' '),
    text,
  );
  return containsWords(rest, piece);
}

async function englishOn(page: Page): Promise<string[]> {
  const text = await screenText(page);
  return [
    ...ENGLISH_ONLY.filter(({ piece }) => showsEnglish(text, piece)).map(({ key, piece }) => `"${piece}" (en.${key})`),
    ...UNTRANSLATED.filter((piece) => containsWords(text, piece)).map(
      (piece) => `"${piece}" (left in English in ty.ts)`,
    ),
    // A key shown as it is: its part of the texts (shared/i18n/parts.ts) was not loaded for the screen.
    ...TEXT_KEYS.filter((key) => containsWords(text, key)).map((key) => `"${key}" (a text key, not its text)`),
  ];
}

/** The texts drawn inside an SVG image: its <title> and <text> elements. */
async function svgTexts(url: string): Promise<string[]> {
  const svg = await (await fetch(new URL(url, baseURL))).text();
  return [...svg.matchAll(/<(title|text|tspan)\b[^>]*>([^<]+)</g)].map((match) => match[2]!.trim()).filter(Boolean);
}

/**
 * Whether a tap on the element reaches it: it lies wholly inside the viewport, and at its centre and
 * at points near its four edges the topmost element is the element itself or inside it.
 */
function tapReaches(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inView = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + box.width * 0.2, box.top + box.height / 2],
      [box.right - box.width * 0.2, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + 3],
      [box.left + box.width / 2, box.bottom - 3],
    ] as const;
    const covers = points
      .map(([x, y]) => document.elementFromPoint(x, y))
      .filter((hit) => !hit || !(hit === element || element.contains(hit)))
      .map((hit) =>
        hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).trim().replace(/\s+/g, '.')}` : 'nothing',
      );
    return { inView, covers: [...new Set(covers)], top: Math.round(box.top), bottom: Math.round(box.bottom) };
  });
}

/**
 * A player arrives on the screen and scrolls down through it to its end: at every stop the
 * primary action is on screen and nothing (bottom menu, its floating button, a column) is over it.
 */
async function expectPrimaryActionUncovered(page: Page, testId: string) {
  await page.getByTestId(testId).waitFor({ state: 'visible' });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  for (let stop = 0; stop < 12; stop += 1) {
    await settle(page);
    const state = await tapReaches(page, testId);
    const scrollY = await page.evaluate(() => Math.round(window.scrollY));
    expect(
      { scrollY, inView: state.inView, covers: state.covers },
      `${testId} on ${page.url()} at scroll ${scrollY} (top ${state.top}, bottom ${state.bottom})`,
    ).toEqual({ scrollY, inView: true, covers: [] });
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atEnd) return;
    await page.mouse.wheel(0, 300);
  }
}

/** Text the player needs that the screen cuts: ellipsis, overflow cut by a box, or a line broken in two. */
function clippedTexts(page: Page, selector: string, oneLine = false) {
  return page.locator(selector).evaluateAll(
    (elements, oneLine) =>
      elements.flatMap((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return [];
        const problems: string[] = [];
        if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
          problems.push('cut off');
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const bounds = parent.getBoundingClientRect();
          if (box.left < bounds.left - 1 || box.right > bounds.right + 1)
            problems.push(`overflows ${parent.className}`);
          break;
        }
        if (oneLine && element.getClientRects().length > 1) problems.push('broken over lines');
        if (
          oneLine &&
          element.getClientRects().length === 1 &&
          box.height > parseFloat(getComputedStyle(element).lineHeight || '0') * 1.5
        )
          problems.push('wrapped');
        return problems.length > 0 ? [`"${(element as HTMLElement).innerText}": ${problems.join(', ')}`] : [];
      }),
    oneLine,
  );
}

/** Opens each screen (path, the test id that shows it is there, a screenshot name) and lists the English on it. */
async function englishOnScreens(phone: Phone, screens: [string, string, string][]): Promise<string[]> {
  const found: string[] = [];
  for (const [path, ready, shot] of screens) {
    await phone.page.goto(path);
    await phone.page.getByTestId(ready).first().waitFor({ state: 'visible' });
    await settle(phone.page);
    if (await phone.page.getByTestId('popup-dialog').isVisible()) await dismissPopups(phone.page);
    await phone.screenshot(shot);
    found.push(...(await englishOn(phone.page)).map((text) => `${path}: ${text}`));
  }
  return found;
}

describe('the main screens in Tagalog at 390×844', () => {
  let phone: Phone;
  let latestCaptcha: () => string;
  let settings: TStartupResponse['settings'];
  const player = freshIdentity();

  beforeAll(async () => {
    const startup = (await (await fetch(`${baseURL}/wps/system/startup`)).json()) as { value: TStartupResponse };
    settings = startup.value.settings;
    ({ phone, latestCaptcha } = await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=100');
    await phone.close();
  });
  screenshotFailures(() => phone, 'screens-');

  it('show a guest no English from the text table, and banners and pop-ups in Tagalog', async () => {
    const guestScreens: [string, string, string][] = [
      ['/m/home', 'banner-carousel', 'screens-home-guest'],
      ['/m/login', 'login-screen', 'screens-login'],
      ['/m/register', 'register-screen', 'screens-register'],
      ['/m/mine', 'mine-screen', 'screens-mine-guest'],
      ['/m/notice', 'notice-list', 'screens-notice'],
    ];
    expect(await englishOnScreens(phone, guestScreens)).toEqual([]);

    // The pictures too: what a Tagalog banner or pop-up says is not its English version's text.
    const [tagalog, english] = await Promise.all([
      fetchAnnouncements(baseURL, 'TY'),
      fetchAnnouncements(baseURL, 'EN'),
    ]);
    const pictures = [
      ...tagalog.banners.map((banner, index) => [banner.url, english.banners[index]!.url] as const),
      ...tagalog.popup.flatMap((popup, index) =>
        popup.imageUrl ? [[popup.imageUrl, english.popup[index]!.imageUrl!] as const] : [],
      ),
    ];
    expect(pictures.length).toBeGreaterThan(0);
    for (const [tagalogUrl, englishUrl] of pictures) {
      const englishTexts = new Set(await svgTexts(englishUrl));
      const untranslated = (await svgTexts(tagalogUrl)).filter((text) => letters(text) >= 4 && englishTexts.has(text));
      expect(untranslated, `${tagalogUrl} carries the English of ${englishUrl}`).toEqual([]);
    }
  });

  it('show the merchant’s minimum age, the same number everywhere', async () => {
    const { page } = phone;
    expect(settings.minimumAge).toBe(21);
    await page.goto('/m/register');
    expect(await page.getByTestId('register-agree').locator('xpath=ancestor::label').innerText()).toContain(
      ty.register_agree.replace('{{age}}', String(settings.minimumAge)),
    );
    await page.goto('/m/home');
    await dismissPopups(page);
    const footer = await page.locator('.home-footer').innerText();
    expect(footer).toContain(ty.home_welcome_sub.replace('{{age}}', String(settings.minimumAge)));
    expect(footer).toContain(`${settings.minimumAge}+`);
  });

  it('keep the floating service column off everything a player taps on home', async () => {
    const { page } = phone;
    await page.goto('/m/home');
    await dismissPopups(page);
    await page.getByTestId('popular-tab-LOTT').waitFor({ state: 'visible' });
    const overlaps = () =>
      page.evaluate(() => {
        const column = document.querySelector('[data-testid="service-column"]')!;
        const drawn = [...column.querySelectorAll('a, button')]
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.right > 0 && box.left < window.innerWidth);
        const tappable = [...document.querySelectorAll('main a, main button, main [role="button"]')].filter(
          (element) => !column.contains(element),
        );
        return tappable.flatMap((element) => {
          const box = element.getBoundingClientRect();
          const hit = drawn.some(
            (over) => over.left < box.right && over.right > box.left && over.top < box.bottom && over.bottom > box.top,
          );
          return hit && box.bottom > 0 && box.top < window.innerHeight
            ? [(element as HTMLElement).innerText.trim() || element.getAttribute('aria-label') || element.tagName]
            : [];
        });
      });
    // At rest, and at rest again after each scroll.
    for (let stop = 0; stop < 4; stop += 1) {
      await settle(page);
      expect(await overlaps(), `at scroll ${await page.evaluate(() => window.scrollY)}`).toEqual([]);
      await page.mouse.wheel(0, 220);
    }
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await settle(page);
    await phone.screenshot('screens-home-service-column');

    // Its tab slides it out, its buttons answer a tap, and scrolling puts it away again.
    await page.getByTestId('service-column-handle').click();
    await expect.poll(() => tapReaches(page, 'service-customer-service')).toMatchObject({ inView: true, covers: [] });
    await phone.screenshot('screens-home-service-column-open');
    await page.mouse.wheel(0, 120);
    await expect.poll(() => page.getByTestId('service-column').getAttribute('data-state')).toBe('tucked');
  });

  it('keep the primary action of every form screen on screen and uncovered, for a player with money to withdraw', async () => {
    const { page } = phone;
    await registerByUsername(page, baseURL, latestCaptcha, player.username, PASSWORD);
    await setPaymentPassword(page, PASSWORD, PAYMENT_PASSWORD);
    await addGcashPayoutAccount(page, PAYMENT_PASSWORD);

    // A deposit the gateway declines, then one it pays (with no turnover, so it can be withdrawn).
    const deposit = async (decision: 'Approve payment' | 'Decline') => {
      await page.goto('/m/voucherCenter');
      await page.getByTestId('deposit-form').waitFor({ state: 'visible' });
      await page.getByTestId('deposit-amount').fill('500');
      await page.getByTestId('deposit-submit').click();
      await page.waitForURL('**/sandbox-gateway/checkout/**');
      await page.getByRole('button', { name: decision, exact: true }).click();
      await page.waitForURL('**/m/vouReport?order=*');
      await page.getByTestId('returned-order-status').waitFor({ state: 'visible' });
    };
    await deposit('Decline');
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=0');
    await deposit('Approve payment');
    admin(baseURL, operatorToken, 'wallet', 'set', 'depositTurnoverPercent=100');

    await page.goto('/m/voucherCenter');
    await page.getByTestId('deposit-form').waitFor({ state: 'visible' });
    await page.getByTestId('deposit-amount').fill('500');
    await settle(page);
    await phone.screenshot('screens-deposit');
    await expectPrimaryActionUncovered(page, 'deposit-submit');
    // Scrolled to its end, the screen shows its last words (the turnover note) above the dock and the menu.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    expect(await tapReaches(page, 'deposit-turnover')).toMatchObject({ inView: true, covers: [] });
    await phone.screenshot('screens-deposit-end');
    await expectCurrentScreenAccessible(page);
    // The longest deposit form: a bank transfer with its instructions, sender, reference and receipt.
    await page.getByRole('radio', { name: /Bank transfer/ }).click();
    await page.getByTestId('deposit-sender-name').fill('Juan Dela Cruz');
    await page.getByTestId('deposit-sender-reference').fill('BPI 0012 3456');
    await expectPrimaryActionUncovered(page, 'deposit-submit');
    expect(await clippedTexts(page, '.field__label')).toEqual([]);
    await phone.screenshot('screens-deposit-bank-end');

    await page.goto('/m/withdraw');
    await page.getByTestId('withdraw-screen').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toContain('500.00');
    await settle(page);
    await phone.screenshot('screens-withdraw');
    await expectPrimaryActionUncovered(page, 'withdraw-submit');
    await page.getByTestId('withdraw-amount').fill('200');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    expect(await clippedTexts(page, '.field__label')).toEqual([]);
    await phone.screenshot('screens-withdraw-filled-end');
    await expectCurrentScreenAccessible(page);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-result').waitFor({ state: 'visible' });
    await settle(page);
    await phone.screenshot('screens-withdraw-result');

    // The security centre's sheets: their save button sits over the page and its bottom menu.
    await page.goto('/m/securityCenter');
    await page.getByTestId('security-payment-password').click();
    await page.getByTestId('security-payment-form').waitFor({ state: 'visible' });
    for (const field of [
      'security-old-payment',
      'security-login-password',
      'security-new-payment',
      'security-confirm-payment',
    ]) {
      await page.getByTestId(field).fill('246810');
    }
    await settle(page);
    await expectPrimaryActionUncovered(page, 'security-payment-form-submit');
    expect(await clippedTexts(page, '.field__label')).toEqual([]);
    await phone.screenshot('screens-security-payment-sheet');
  }, 180_000);

  it('keep the header opaque over scrolled content', async () => {
    const { page } = phone;
    await page.goto('/m/withdraw');
    await page.getByTestId('withdraw-screen').waitFor({ state: 'visible' });
    await page.mouse.wheel(0, 400);
    await settle(page);
    const alpha = await page.getByTestId('app-header').evaluate((header) => {
      const colour = getComputedStyle(header).backgroundColor;
      const match = /\/\s*([\d.]+)\s*\)$/.exec(colour) ?? /rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour);
      return match ? Number(match[1]) : 1;
    });
    expect(alpha).toBe(1);
    await phone.screenshot('screens-withdraw-scrolled');
  });

  it('fit Tagalog’s longer words: status chips, field captions and masked accounts are never cut', async () => {
    const { page } = phone;
    await page.goto('/m/vouReport');
    await expect.poll(() => page.getByTestId('deposit-records-item').count()).toBe(2);
    await settle(page);
    await phone.screenshot('screens-deposit-records');
    expect(await page.getByTestId('status-badge').allInnerTexts()).toEqual(
      expect.arrayContaining([ty.rep_status_declined, ty.rep_status_paid]),
    );
    expect(await clippedTexts(page, '[data-testid="status-badge"]')).toEqual([]);
    // The status filter: every status readable in full ("Hindi tinanggap", not "Hindi tina…").
    expect(await page.getByTestId('status-filter').innerText()).toContain(ty.rep_status_declined);
    expect(await clippedTexts(page, '.rep-chip')).toEqual([]);
    await expectCurrentScreenAccessible(page);

    await page.goto('/m/withdrawReport');
    await expect.poll(() => page.getByTestId('withdraw-report-item').count()).toBe(1);
    await settle(page);
    await phone.screenshot('screens-withdraw-report');
    expect(await page.getByTestId('masked-account').count()).toBe(1);
    expect(await clippedTexts(page, '[data-testid="masked-account"]', true)).toEqual([]);
    expect(await clippedTexts(page, '[data-testid="status-badge"]')).toEqual([]);
    await expectCurrentScreenAccessible(page);
  });

  it('show a player no English from the text table on the main screens', async () => {
    const { page } = phone;
    const memberScreens: [string, string, string][] = [
      ['/m/home', 'banner-carousel', 'screens-home-member'],
      ['/m/mine', 'mine-screen', 'screens-mine'],
      ['/m/voucherCenter', 'deposit-form', 'screens-deposit-top'],
      ['/m/withdraw', 'withdraw-screen', 'screens-withdraw-top'],
      ['/m/vouReport', 'deposit-records-item', 'screens-deposit-records-top'],
      ['/m/withdrawReport', 'withdraw-report-item', 'screens-withdraw-report-top'],
      ['/m/transaction/record', 'records-item', 'screens-account-records'],
      ['/m/profitandloss', 'pnl-screen', 'screens-profit-loss'],
      ['/m/securityCenter', 'security-screen', 'screens-security'],
      ['/m/set', 'settings-screen', 'screens-settings'],
      ['/m/notice', 'notice-list', 'screens-notice-member'],
    ];
    const found = await englishOnScreens(phone, memberScreens);
    // The quick menu of the header.
    await page.goto('/m/home');
    await dismissPopups(page);
    await page.getByTestId('header-menu-button').click();
    found.push(...(await englishOn(page)).map((text) => `header menu: ${text}`));
    expect(found).toEqual([]);
  });
});
