import {
  COCKFIGHT_CATEGORY, GAME_API_PATHS, GAME_CATEGORIES, GAME_CLASSIFY, LIST_GAME_CATEGORIES,
  type GameCategory, type TGameTile, type THotMatch, type TVendorEntry, type TVendorInfo, type TGameTypes,
} from '@palaro/contract';
import type { CachedBody } from '../../platform/http/cached-body';
import type { GameRow, GameVendorRow, HotMatchRow } from './schema';
import type { CatalogueRows } from './store';

/** A game as players see it: its vendor, its effective minimum bet and its tile, made once. */
export interface CatalogueGame {
  row: GameRow;
  vendor: GameVendorRow;
  nameLower: string;
  /** Centavos: the game's own minimum, never below its vendor's floor. */
  minBet: bigint;
  tile: TGameTile;
}

export interface GameFilter {
  category?: GameCategory;
  vendorCode?: string;
  /** ALL (or none), HOT, NEW or a vendor-defined classification; FAV is the caller's (favourite ids). */
  classify?: string;
  isNew?: boolean;
  /** Centavos: games whose minimum bet is this. */
  minBet?: number;
  minLine?: number;
  name?: string;
}

const CATEGORY_ORDER = new Map<GameCategory, number>(GAME_CATEGORIES.map((category, index) => [category, index]));

/** Filtered lists kept per merchant (the filter, not the page, is the key); beyond this many they start over. */
const MAX_KEPT_LISTS = 512;
/** Serialized answers kept per merchant. */
const MAX_KEPT_BODIES = 1024;

function iconPath(template: string, merchantCode: string, parts: Record<string, string>): string {
  let path = template.replace(':merchantCode', encodeURIComponent(merchantCode.toUpperCase()));
  for (const [name, value] of Object.entries(parts)) path = path.replace(`:${name}`, value);
  return path;
}

export function vendorLogoUrl(merchantCode: string, vendorCode: string): string {
  return iconPath(GAME_API_PATHS.vendorLogo, merchantCode, { file: `${vendorCode}.svg` });
}

/** A team's badge URL: its name, lower case, as a slug. */
export function teamBadgeUrl(team: string): string {
  const slug = team.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'team';
  return GAME_API_PATHS.teamBadge.replace(':file', `${slug}.svg`);
}

function classificationsOf(row: GameRow): string[] {
  const result: string[] = [];
  if (row.hot) result.push(GAME_CLASSIFY.hot);
  // NEW is a classification of RNG only (spec §4); other new games still carry the flag.
  if (row.isNew && row.category === 'RNG') result.push(GAME_CLASSIFY.new);
  return [...result, ...row.classifications];
}

function tileOf(row: GameRow, vendor: GameVendorRow, minBet: bigint, merchantCode: string): TGameTile {
  const small = iconPath(GAME_API_PATHS.gameIcon, merchantCode, { size: 's', file: `${row.code}.svg` });
  return {
    nodeId: row.id,
    gameName: row.name,
    vassalage: vendor.code,
    vendorName: vendor.name,
    vendorLogoUrl: vendorLogoUrl(merchantCode, vendor.code),
    iconUrl: small,
    mobileSmallIcon: small,
    mobileLargeIcon: iconPath(GAME_API_PATHS.gameIcon, merchantCode, { size: 'l', file: `${row.code}.svg` }),
    gameType: row.category,
    gameCategory: row.category,
    gameId: row.code,
    supportPlay: row.supportPlay,
    gameClassifyNew: classificationsOf(row),
    minBet: Number(minBet),
    lines: row.lines,
    hot: row.hot,
    new: row.isNew,
  };
}

/**
 * One merchant's catalogue as players see it, built from one read: what is disabled (a game, its
 * vendor) or not allowed (cockfight while its switch is off) is simply not in it, so no list,
 * search, vendor info or launch can show it. Lists by category and vendor are grouped once; a
 * filtered list is computed once per filter and kept, so a page costs a slice.
 */
export class MerchantCatalogue {
  readonly games: readonly CatalogueGame[];
  readonly vendors: readonly GameVendorRow[];
  readonly matches: readonly HotMatchRow[];
  readonly cockfightEnabled: boolean;
  private readonly byId = new Map<number, CatalogueGame>();
  private readonly byCode = new Map<string, CatalogueGame>();
  private readonly buckets = new Map<string, CatalogueGame[]>();
  private readonly lists = new Map<string, readonly CatalogueGame[]>();
  private readonly bodies = new Map<string, CachedBody>();

  constructor(rows: CatalogueRows, readonly merchantCode: string) {
    this.cockfightEnabled = rows.cockfightEnabled;
    const vendorById = new Map(rows.vendors.filter((vendor) => vendor.enabled).map((vendor) => [vendor.id, vendor]));
    const visible: CatalogueGame[] = [];
    for (const row of rows.games) {
      const vendor = vendorById.get(row.vendorId);
      if (!vendor || !row.enabled) continue;
      if (row.category === COCKFIGHT_CATEGORY && !this.cockfightEnabled) continue;
      const minBet = row.minBet > vendor.minBet ? row.minBet : vendor.minBet;
      visible.push({ row, vendor, nameLower: row.name.toLowerCase(), minBet, tile: tileOf(row, vendor, minBet, merchantCode) });
    }
    // Category order, then each vendor's list position, vendors interleaved by their order.
    visible.sort((a, b) =>
      CATEGORY_ORDER.get(a.row.category)! - CATEGORY_ORDER.get(b.row.category)!
      || a.row.sortOrder - b.row.sortOrder
      || a.vendor.sortOrder - b.vendor.sortOrder
      || a.row.id - b.row.id);
    this.games = visible;
    for (const game of visible) {
      this.byId.set(game.row.id, game);
      this.byCode.set(game.row.code, game);
      for (const key of [bucketKey(game.row.category, undefined), bucketKey(undefined, game.vendor.code), bucketKey(game.row.category, game.vendor.code)]) {
        let bucket = this.buckets.get(key);
        if (!bucket) this.buckets.set(key, (bucket = []));
        bucket.push(game);
      }
    }
    const shownVendorIds = new Set(visible.map((game) => game.vendor.id));
    this.vendors = rows.vendors.filter((vendor) => shownVendorIds.has(vendor.id));
    this.matches = rows.matches.filter((match) => this.byId.has(match.gameId));
  }

  game(nodeId: number): CatalogueGame | undefined {
    return this.byId.get(nodeId);
  }

  gameByCode(code: string): CatalogueGame | undefined {
    return this.byCode.get(code);
  }

  /** The games a filter selects, in list order. */
  filtered(filter: GameFilter): readonly CatalogueGame[] {
    const key = JSON.stringify([filter.category, filter.vendorCode, filter.classify, filter.isNew, filter.minBet, filter.minLine, filter.name?.toLowerCase()]);
    let list = this.lists.get(key);
    if (!list) {
      list = filterGames(this.buckets.get(bucketKey(filter.category, filter.vendorCode)) ?? (filter.category || filter.vendorCode ? [] : this.games), filter);
      if (this.lists.size >= MAX_KEPT_LISTS) this.lists.clear();
      this.lists.set(key, list);
    }
    return list;
  }

  /** The answer to `key`, serialized once and kept until the catalogue changes. */
  body(key: string, make: () => CachedBody): CachedBody {
    let body = this.bodies.get(key);
    if (!body) {
      body = make();
      if (this.bodies.size >= MAX_KEPT_BODIES) this.bodies.clear();
      this.bodies.set(key, body);
    }
    return body;
  }

  hotGames(category: GameCategory | undefined, limit: number): TGameTile[] {
    return this.filtered({ category, classify: GAME_CLASSIFY.hot }).slice(0, limit).map((game) => game.tile);
  }

  /** The vendor-info answer: each category's vendors in the merchant's vendor order, and the tile categories' mapping. */
  vendorInfo(): TVendorInfo {
    const sorting: TVendorInfo['sorting'] = [];
    const mapping: TVendorInfo['mapping'] = {};
    for (const category of GAME_CATEGORIES) {
      const entries: TVendorEntry[] = [];
      for (const vendor of this.vendors) {
        const gameCount = this.buckets.get(bucketKey(category, vendor.code))?.length ?? 0;
        if (gameCount === 0) continue;
        entries.push({
          gameType: category, vassalage: vendor.code, vendorName: vendor.name, accountTypeName: vendor.accountTypeName,
          logoUrl: vendorLogoUrl(this.merchantCode, vendor.code), hot: vendor.hot, new: vendor.isNew, gameCount,
        });
      }
      if (entries.length === 0) continue;
      sorting.push({ gameCategory: category, vendorNames: entries });
      if (!(LIST_GAME_CATEGORIES as readonly GameCategory[]).includes(category)) mapping[category] = entries;
    }
    return { sorting, mapping };
  }

  gameTypes(): TGameTypes {
    return {
      list: GAME_CATEGORIES.flatMap((category) => {
        const games = this.buckets.get(bucketKey(category, undefined)) ?? [];
        if (games.length === 0) return [];
        return [{
          gameType: category, gameCount: games.length, vendorCount: new Set(games.map((game) => game.vendor.id)).size,
          listed: (LIST_GAME_CATEGORIES as readonly GameCategory[]).includes(category),
        }];
      }),
    };
  }

  /** Matches not kicked off at `now`, soonest first (then the operator's order). */
  upcomingMatches(now: Date): THotMatch[] {
    return this.matches
      .filter((match) => match.kickOffAt > now)
      .sort((a, b) => a.kickOffAt.getTime() - b.kickOffAt.getTime() || a.sortOrder - b.sortOrder || a.id - b.id)
      .map((match) => {
        const game = this.byId.get(match.gameId)!;
        return {
          id: match.id, matchTime: match.kickOffAt.toISOString(), league: match.league, homeTeam: match.homeTeam, awayTeam: match.awayTeam,
          homeTeamImageUrl: teamBadgeUrl(match.homeTeam), awayTeamImageUrl: teamBadgeUrl(match.awayTeam),
          vendor: game.vendor.code, roomId: match.roomId, nodeId: match.gameId,
        };
      });
  }

  /** When the upcoming matches next change by themselves (the soonest kick-off after `now`), or null. */
  nextKickOffAfter(now: Date): Date | null {
    let next: Date | null = null;
    for (const match of this.matches) if (match.kickOffAt > now && (!next || match.kickOffAt < next)) next = match.kickOffAt;
    return next;
  }
}

function bucketKey(category: GameCategory | undefined, vendorCode: string | undefined): string {
  return `${category ?? '*'}|${vendorCode ?? '*'}`;
}

/** The rules of the list filters (spec §4 "game lists") over games already in list order. */
export function filterGames(games: readonly CatalogueGame[], filter: GameFilter): CatalogueGame[] {
  const name = filter.name?.trim().toLowerCase();
  const minBet = filter.minBet === undefined ? undefined : BigInt(filter.minBet);
  const classify = filter.classify === GAME_CLASSIFY.all ? undefined : filter.classify;
  return games.filter((game) => {
    const { row } = game;
    if (classify === GAME_CLASSIFY.hot && !row.hot) return false;
    if (classify === GAME_CLASSIFY.new && !(row.isNew && row.category === 'RNG')) return false;
    if (classify && classify !== GAME_CLASSIFY.hot && classify !== GAME_CLASSIFY.new && !row.classifications.includes(classify)) return false;
    if (filter.isNew && !row.isNew) return false;
    if (minBet !== undefined && game.minBet !== minBet) return false;
    if (filter.minLine !== undefined && (row.lines === null || row.lines < filter.minLine)) return false;
    if (name && !game.nameLower.includes(name)) return false;
    return true;
  });
}
