import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TAnnouncements } from '@palaro/contract';
import { settle } from './phone';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

export async function fetchAnnouncements(baseURL: string, language: 'TY' | 'EN'): Promise<TAnnouncements> {
  const response = await fetch(`${baseURL}/wps/system/announcements?types=B,PL,PU,H&platform=M&language=${language}`);
  const body = (await response.json()) as { success: boolean; value: TAnnouncements };
  if (!body.success) throw new Error(`announcements failed: ${JSON.stringify(body)}`);
  return body.value;
}

/**
 * Closes the pop-ups that home shows once per browser session. Home decides on them when its
 * content has arrived, so this waits for that (not for a time the pop-ups might take to appear)
 * and for the page to come to rest after each one closes.
 */
export async function dismissPopups(page: Page): Promise<number> {
  let closed = 0;
  const dialog = page.getByTestId('popup-dialog');
  // The app's home, not the frame the server drew (data-shell), which has the same classes and is
  // on screen until the app, loaded after the first paint, takes over.
  await page
    .locator('.app:not([data-shell]) .home__content:not([aria-busy]), [data-testid="home-error"]')
    .first()
    .waitFor({ state: 'attached' });
  await settle(page);
  while (await dialog.isVisible()) {
    await page.getByTestId('popup-close').click();
    closed += 1;
    await settle(page);
    if (closed > 10) throw new Error('pop-ups never stop');
  }
  return closed;
}

/** Runs the operator command line the way an operator would, against the running server. */
export function admin(baseURL: string, token: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args, '--url', baseURL],
    {
      cwd: repoRoot,
      env: { ...process.env, PALARO_OPERATOR_TOKEN: token },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`admin ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Remembers the id of the newest captcha the page loaded, so a test can read its code. */
export function watchCaptchas(page: Page): () => string {
  let latest = '';
  // A captcha belongs to the page that loaded it: a new page must not be answered with an old one.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) latest = '';
  });
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('/wps/captcha') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { value?: { captchaId?: string } } | null;
    if (body?.value?.captchaId) latest = body.value.captchaId;
  });
  return () => {
    if (!latest) throw new Error('the page has not loaded a captcha');
    return latest;
  };
}

/** The code of a captcha, from the development-only endpoint (as a local user would read it). */
export async function captchaCode(baseURL: string, captchaId: string): Promise<string> {
  const response = await fetch(`${baseURL}/dev/captcha/${encodeURIComponent(captchaId)}`);
  const body = (await response.json()) as { success: boolean; value: { code: string } };
  if (!body.success) throw new Error(`no captcha ${captchaId}: ${JSON.stringify(body)}`);
  return body.value.code;
}

const OUTBOX_PATIENCE_MS = 60_000;

/**
 * Reads the outbox until `find` finds the message, every 250 ms; gives up after a minute, so a
 * busy machine that writes the message late still passes and a message never written still fails.
 */
async function fromOutbox<T>(find: () => Promise<T | undefined>, missing: string): Promise<T> {
  const deadline = Date.now() + OUTBOX_PATIENCE_MS;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(missing);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The newest code sent to a mobile number, read from the outbox as `npm run outbox` shows it. */
export function latestSmsCode(baseURL: string, mobileNum: string): Promise<string> {
  return fromOutbox(async () => {
    const response = await fetch(`${baseURL}/dev/outbox`);
    const body = (await response.json()) as { value: { list: { id: number; to: string; body: string }[] } };
    const message = body.value.list.filter((item) => item.to.endsWith(mobileNum)).sort((a, b) => b.id - a.id)[0];
    return message?.body.match(/\b(\d{6})\b/)?.[1];
  }, `no code was sent to ${mobileNum}`);
}

/** A fresh user name and mobile number for one test, valid under the demo merchant's rules. */
export function freshIdentity() {
  const digits = String(Date.now()).slice(-7) + String(Math.floor(Math.random() * 100)).padStart(2, '0');
  return { username: `p${digits}`.slice(0, 16), mobileNum: `9${digits}`.slice(0, 10) };
}

export interface OutboxEmail {
  id: number;
  to: string;
  subject: string | null;
  body: string;
}

/** The outbox e-mails to an address, newest first, as `npm run outbox` shows them. */
export async function outboxEmails(baseURL: string, address: string): Promise<OutboxEmail[]> {
  const response = await fetch(`${baseURL}/dev/outbox`);
  const body = (await response.json()) as { value: { list: (OutboxEmail & { channel: string })[] } };
  return body.value.list
    .filter((item) => item.channel === 'email' && item.to.toLowerCase() === address.toLowerCase())
    .sort((a, b) => b.id - a.id);
}

/** The newest e-mail to an address written after the message with id `afterId`. */
export function latestEmail(baseURL: string, address: string, afterId = 0): Promise<OutboxEmail> {
  return fromOutbox(async () => {
    const message = (await outboxEmails(baseURL, address))[0];
    return message && message.id > afterId ? message : undefined;
  }, `no new e-mail was sent to ${address}`);
}
