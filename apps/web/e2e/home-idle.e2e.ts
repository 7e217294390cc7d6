import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Route } from 'playwright-core';
import { dismissPopups } from './helpers';
import { openPhone, takenOver, type Phone } from './phone';

const baseURL = inject('baseURL');

/**
 * What the compositor animates alone, off the main thread. An endless animation of anything else
 * (a background position, a width) is restyled and repainted on the main thread at every frame.
 */
const COMPOSITED_PROPERTIES = new Set(['transform', 'opacity', 'offset', 'computedOffset', 'easing', 'composite']);

describe('an idle home leaves its endless animations to the compositor', () => {
  let phone: Phone;
  const held: Route[] = [];
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await phone.close();
  });

  it('runs no endless animation of its own on the main thread while the popular block loads, skeletons and all', async () => {
    const { page, context } = phone;
    // The game lists are held unanswered so that the loading skeletons stay on screen: the state a
    // phone on a slow network sees for seconds, and the one whose shimmer used to restyle and
    // repaint every skeleton on the main thread at every frame.
    await context.route('**/lgw/games**', (route) => {
      held.push(route);
    });
    await page.goto('/m/home');
    await takenOver(page);
    await dismissPopups(page);
    await page.getByTestId('popular-loading').first().waitFor({ state: 'visible' });
    expect(await page.locator('.skeleton').count()).toBeGreaterThan(10);

    const mainThreadAnimations = await page.evaluate(
      (composited) =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime === Infinity)
          .flatMap((animation) => {
            const effect = animation.effect as KeyframeEffect;
            const properties = effect
              .getKeyframes()
              .flatMap((keyframe) => Object.keys(keyframe))
              .filter((name) => !composited.includes(name));
            const target = `${effect.target?.className ?? '?'}${effect.pseudoElement ?? ''}`;
            return properties.length > 0 ? [`${target}: ${[...new Set(properties)].join(', ')}`] : [];
          }),
      [...COMPOSITED_PROPERTIES],
    );
    expect([...new Set(mainThreadAnimations)]).toEqual([]);
  });
});
