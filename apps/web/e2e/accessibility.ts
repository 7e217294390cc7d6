import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './phone';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (DESIGN §5: WCAG 2.2 AA). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now and returns each violation as one readable block. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help} — ${violation.helpUrl}`,
      ...violation.nodes.map(
        (node) => `  at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    ].join('\n'),
  );
}

/**
 * Checks the screen already open, once the caller saw it rendered (not the skeleton). No wait for
 * network idle: a signed-in page keeps its balance stream open.
 */
export async function expectCurrentScreenAccessible(page: Page) {
  // Entrance transitions finish first, so colours are measured as they finally show.
  await settle(page);
  const found = await violations(page);
  expect(found, `axe found on ${page.url()}:\n${found.join('\n\n')}`).toEqual([]);
}

/** Opens a path, waits until its screen has rendered (not the skeleton) and checks it with axe. */
export async function expectAccessible(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await expectCurrentScreenAccessible(page);
}
