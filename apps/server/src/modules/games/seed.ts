import type { Queryable } from '../../platform/db/database';
import { DEMO_HOT_MATCHES, DEMO_VENDORS, demoGames } from './demo-catalogue';
import * as store from './store';

const HOUR_MS = 3_600_000;

/**
 * Writes what is missing of the demo catalogue: vendors by code, games by code, hot matches by seed
 * key, the catalogue switches (cockfight off). What exists, edited by the operator or not, stays as it is.
 * Hot-match kick-offs count from `now` and roll forward by whole days once they pass (a job).
 */
export async function seedDemoCatalogue(q: Queryable, merchantId: number, now = new Date()): Promise<void> {
  await store.insertDefaultGameSettings(q, merchantId);
  const vendors = await store.insertSeedVendors(
    q,
    DEMO_VENDORS.map((vendor, index) => ({
      merchantId,
      code: vendor.code,
      name: vendor.name,
      accountTypeName: vendor.accountTypeName,
      primaryColour: vendor.primaryColour,
      accentColour: vendor.accentColour,
      hot: vendor.hot,
      isNew: vendor.isNew,
      sortOrder: (index + 1) * 10,
    })),
  );
  const vendorIdByCode = new Map(vendors.map((vendor) => [vendor.code, vendor.id]));
  const seeded = await store.insertSeedGames(
    q,
    demoGames().map(({ vendorCode, ...game }) => ({
      ...game,
      merchantId,
      vendorId: vendorIdByCode.get(vendorCode)!,
    })),
  );
  const gameIdByCode = new Map(seeded.map((game) => [game.code, game.id]));
  await store.insertSeedHotMatches(
    q,
    DEMO_HOT_MATCHES.map((match, index) => ({
      merchantId,
      gameId: gameIdByCode.get(match.gameCode)!,
      roomId: match.roomId,
      league: match.league,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      kickOffAt: new Date(now.getTime() + match.hoursAhead * HOUR_MS),
      sortOrder: index + 1,
      rollsForward: true,
      seedKey: match.key,
    })),
  );
}
