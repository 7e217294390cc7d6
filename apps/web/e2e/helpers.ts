import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TAnnouncements } from '@palaro/contract';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

export async function fetchAnnouncements(baseURL: string, language: 'TY' | 'EN'): Promise<TAnnouncements> {
  const response = await fetch(`${baseURL}/wps/system/announcements?types=B,PL,PU,H&platform=M&language=${language}`);
  const body = (await response.json()) as { success: boolean; value: TAnnouncements };
  if (!body.success) throw new Error(`announcements failed: ${JSON.stringify(body)}`);
  return body.value;
}

/** Closes the login pop-ups that home shows once per browser session. */
export async function dismissPopups(page: Page): Promise<number> {
  let closed = 0;
  const dialog = page.getByTestId('popup-dialog');
  await dialog.first().waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
  while (await dialog.isVisible()) {
    await page.getByTestId('popup-close').click();
    closed += 1;
    await page.waitForTimeout(350);
    if (closed > 10) throw new Error('pop-ups never stop');
  }
  return closed;
}

/** Runs the operator command line the way an operator would, against the running server. */
export function admin(baseURL: string, token: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args, '--url', baseURL], {
    cwd: repoRoot,
    env: { ...process.env, PALARO_OPERATOR_TOKEN: token },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}
