import {
  COCKFIGHT_CATEGORY,
  GAME_API_PATHS,
  GAME_CATEGORIES,
  GAME_CLASSIFY,
  LIST_GAME_CATEGORIES,
  type GameCategory,
  type TGameTile,
  type THotMatch,
  type TVendorEntry,
  type TVendorInfo,
  type TGameTypes,
} from '@palaro/contract';
import type { CachedBody } from '../../platform/http/cached-body';
import type { GameRow, GameVendorRow, HotMatchRow } from './schema';
import type { CatalogueRows } from './store';

/** The words of a name a search matches by their start: lower case, split at anything not a letter or digit. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Where a merchant's art lives: the contract's templates with the merchant's code (upper case, spec §9) filled in. */
class ArtPaths {
  private readonly icon: string;
  private readonly logo: string;

  constructor(merchantCode: string) {
    const merchant = encodeURIComponent(merchantCode.toUpperCase());
    this.icon = GAME_API_PATHS.gameIcon.replace(':merchantCode', merchant);
    this.logo = GAME_API_PATHS.vendorLogo.replace(':merchantCode', merchant);
  }

  gameIcon(size: 's' | 'l', code: string): string {
    return this.icon.replace(':size', size).replace(':file', `${code}.webp`);
  }

  vendorLogo(code: string): string {
    return this.logo.replace(':file', `${code}.webp`);
  }
}

/**
 * A game as players see it: its vendor, its effective minimum bet, and its tile, made on first use
 * (a catalogue of 100,000 games is rebuilt after every change; most tiles are never asked for).
 */
export class CatalogueGame {
  private madeTile: TGameTile | undefined;

  constructor(
    readonly row: GameRow,
    readonly vendor: GameVendorRow,
    /** Centavos: the game's own minimum, never below its vendor's floor. */
    readonly minBet: bigint,
    private readonly art: ArtPaths,
  ) {}

  get tile(): TGameTile {
    this.madeTile ??= tileOf(this.row, this.vendor, this.minBet, this.art);
    return this.madeTile;
  }
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

/** A team's badge URL: its name, lower case, as a slug. */
export function teamBadgeUrl(team: string): string {
  const slug =
    team
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'team';
  return GAME_API_PATHS.teamBadge.replace(':file', `${slug}.webp`);
}

function classificationsOf(row: GameRow): string[] {
  const result: string[] = [];
  if (row.hot) result.push(GAME_CLASSIFY.hot);
  // NEW is a classification of RNG only (spec §4); other new games still carry the flag.
  if (row.isNew && row.category === 'RNG') result.push(GAME_CLASSIFY.new);
  return [...result, ...row.classifications];
}

function tileOf(row: GameRow, vendor: GameVendorRow, minBet: bigint, art: ArtPaths): TGameTile {
  const small = art.gameIcon('s', row.code);
  return {
    nodeId: row.id,
    gameName: row.name,
    vassalage: vendor.code,
    vendorName: vendor.name,
    vendorLogoUrl: art.vendorLogo(vendor.code),
    iconUrl: small,
    mobileSmallIcon: small,
    mobileLargeIcon: art.gameIcon('l', row.code),
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
 * search, vendor info or launch can show it. Lists by category and vendor are grouped once, names
 * are searched through an index of their words' starts (made on the first search); a filtered
 * list is computed once per filter and kept, so a page costs a slice.
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
  private readonly art: ArtPaths;
  /** Made on the first search. */
  private words: WordIndex | undefined;

  constructor(
    rows: CatalogueRows,
    readonly merchantCode: string,
  ) {
    this.cockfightEnabled = rows.cockfightEnabled;
    this.art = new ArtPaths(merchantCode);
    const vendorById = new Map(rows.vendors.filter((vendor) => vendor.enabled).map((vendor) => [vendor.id, vendor]));
    const visible: CatalogueGame[] = [];
    for (const row of rows.games) {
      const vendor = vendorById.get(row.vendorId);
      if (!vendor || !row.enabled) continue;
      if (row.category === COCKFIGHT_CATEGORY && !this.cockfightEnabled) continue;
      const minBet = row.minBet > vendor.minBet ? row.minBet : vendor.minBet;
      visible.push(new CatalogueGame(row, vendor, minBet, this.art));
    }
    // Category order, then each vendor's list position, vendors interleaved by their order.
    visible.sort(
      (a, b) =>
        CATEGORY_ORDER.get(a.row.category)! - CATEGORY_ORDER.get(b.row.category)! ||
        a.row.sortOrder - b.row.sortOrder ||
        a.vendor.sortOrder - b.vendor.sortOrder ||
        a.row.id - b.row.id,
    );
    this.games = visible;
    for (const game of visible) {
      this.byId.set(game.row.id, game);
      this.byCode.set(game.row.code, game);
      for (const key of [
        bucketKey(game.row.category, undefined),
        bucketKey(undefined, game.vendor.code),
        bucketKey(game.row.category, game.vendor.code),
      ]) {
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
    const key = JSON.stringify([
      filter.category,
      filter.vendorCode,
      filter.classify,
      filter.isNew,
      filter.minBet,
      filter.minLine,
      filter.name?.toLowerCase(),
    ]);
    let list = this.lists.get(key);
    if (!list) {
      const named = filter.name ? this.named(filter.name) : undefined;
      list = named
        ? filterGames(named, filter).filter(
            (game) =>
              (!filter.category || game.row.category === filter.category) &&
              (!filter.vendorCode || game.vendor.code === filter.vendorCode),
          )
        : filterGames(
            this.buckets.get(bucketKey(filter.category, filter.vendorCode)) ??
              (filter.category || filter.vendorCode ? [] : this.games),
            filter,
          );
      if (this.lists.size >= MAX_KEPT_LISTS) this.lists.clear();
      this.lists.set(key, list);
    }
    return list;
  }

  /**
   * The games whose name has, for every word of `query`, a word starting with it, in list order.
   * The query word with the fewest entries in the sorted word index gives the candidates, so a
   * search costs what its rarest word matches, not the size of the catalogue.
   */
  private named(query: string): CatalogueGame[] {
    const wanted = [...new Set(searchWords(query))];
    if (wanted.length === 0) return [...this.games];
    const { entries, wordsOf } = this.wordIndex();
    const ranges = wanted.map((word) => ({
      word,
      from: lowerBound(entries, word),
      to: lowerBound(entries, `${word}\u{10FFFF}`),
    }));
    const rarest = ranges.reduce((best, range) => (range.to - range.from < best.to - best.from ? range : best));
    const others = wanted.filter((word) => word !== rarest.word);
    const positions = new Set<number>();
    for (let at = rarest.from; at < rarest.to; at += 1) {
      const { position } = entries[at]!;
      if (others.every((word) => wordsOf[position]!.some((own) => own.startsWith(word)))) positions.add(position);
    }
    return [...positions].sort((a, b) => a - b).map((position) => this.games[position]!);
  }

  private wordIndex(): WordIndex {
    if (!this.words) {
      const entries: WordIndex['entries'] = [];
      const wordsOf = this.games.map((game) => [...new Set(searchWords(game.row.name))]);
      wordsOf.forEach((words, position) => {
        for (const word of words) entries.push({ word, position });
      });
      entries.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.position - b.position));
      this.words = { entries, wordsOf };
    }
    return this.words;
  }

  /** The answer to `key` when it has been made already. */
  keptBody(key: string): CachedBody | undefined {
    return this.bodies.get(key);
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
    return this.filtered({ category, classify: GAME_CLASSIFY.hot })
      .slice(0, limit)
      .map((game) => game.tile);
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
          gameType: category,
          vassalage: vendor.code,
          vendorName: vendor.name,
          accountTypeName: vendor.accountTypeName,
          logoUrl: this.art.vendorLogo(vendor.code),
          hot: vendor.hot,
          new: vendor.isNew,
          gameCount,
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
        return [
          {
            gameType: category,
            gameCount: games.length,
            vendorCount: new Set(games.map((game) => game.vendor.id)).size,
            listed: (LIST_GAME_CATEGORIES as readonly GameCategory[]).includes(category),
            classifications: [...new Set(games.flatMap((game) => game.row.classifications))].sort(),
          },
        ];
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
          id: match.id,
          matchTime: match.kickOffAt.toISOString(),
          league: match.league,
          homeTeam: match.homeTeam,
          awayTeam: match.awayTeam,
          homeTeamImageUrl: teamBadgeUrl(match.homeTeam),
          awayTeamImageUrl: teamBadgeUrl(match.awayTeam),
          vendor: game.vendor.code,
          roomId: match.roomId,
          nodeId: match.gameId,
        };
      });
  }

  /** When the upcoming matches next change by themselves (the soonest kick-off after `now`), or null. */
  nextKickOffAfter(now: Date): Date | null {
    let next: Date | null = null;
    for (const match of this.matches)
      if (match.kickOffAt > now && (!next || match.kickOffAt < next)) next = match.kickOffAt;
    return next;
  }
}

interface WordIndex {
  /** Every word of every name with the game's place in `games`, sorted by word. */
  entries: { word: string; position: number }[];
  /** Each game's words, by its place. */
  wordsOf: string[][];
}

/** The first place in the sorted words whose word is not before `prefix`. */
function lowerBound(words: readonly { word: string }[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]!.word < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

function bucketKey(category: GameCategory | undefined, vendorCode: string | undefined): string {
  return `${category ?? '*'}|${vendorCode ?? '*'}`;
}

/** The rules of the list filters (spec §4 "game lists") but the name's, over games already in list order. */
export function filterGames(games: readonly CatalogueGame[], filter: GameFilter): CatalogueGame[] {
  const minBet = filter.minBet === undefined ? undefined : BigInt(filter.minBet);
  const classify = filter.classify === GAME_CLASSIFY.all ? undefined : filter.classify;
  return games.filter((game) => {
    const { row } = game;
    if (classify === GAME_CLASSIFY.hot && !row.hot) return false;
    if (classify === GAME_CLASSIFY.new && !(row.isNew && row.category === 'RNG')) return false;
    if (
      classify &&
      classify !== GAME_CLASSIFY.hot &&
      classify !== GAME_CLASSIFY.new &&
      !row.classifications.includes(classify)
    )
      return false;
    if (filter.isNew && !row.isNew) return false;
    if (minBet !== undefined && game.minBet !== minBet) return false;
    if (filter.minLine !== undefined && (row.lines === null || row.lines < filter.minLine)) return false;
    return true;
  });
}
