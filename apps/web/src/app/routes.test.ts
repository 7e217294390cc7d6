import { describe, expect, it } from 'vitest';
import type { TextPart } from '../shared/i18n/parts';
import { tablePartOf } from '../shared/i18n/screenKeys';
import { NOT_FOUND_TITLE, ROUTE_TABLE, screens } from './routes';

describe("the routes' titles", () => {
  // Home draws no title: its header shows the merchant's logo, its tab the merchant's name.
  it("are each in a part of the texts its screen loads: the layout draws a route's title once those are loaded", () => {
    const routes = [
      ...ROUTE_TABLE.filter((route) => route.screen !== 'home'),
      { titleKey: NOT_FOUND_TITLE, screen: 'notFound' as const },
    ];
    const misfiled = routes
      .filter(
        (route) => !(screens[route.screen].textParts as readonly TextPart[]).includes(tablePartOf(route.titleKey)),
      )
      .map(
        (route) =>
          `${route.titleKey} (${tablePartOf(route.titleKey)}) on ${route.screen} (${screens[route.screen].textParts.join(', ')})`,
      );
    expect(routes.length).toBeGreaterThan(50);
    expect(misfiled).toEqual([]);
  });
});
