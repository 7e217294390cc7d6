import type { GameCategory } from '@palaro/contract';
import { MIN_BET_CHOICES } from '@palaro/contract';

/**
 * The demo merchant's catalogue, made by plain functions from word lists: the same every time, so
 * codes (the seed's keys) always name the same game. Vendor codes the spec names keep their codes
 * (TCG_LOTTO_VN, TCG_SEA, TF, DS88); every other studio, game, league and team is our own invention.
 */

export interface DemoVendor {
  code: string;
  name: string;
  accountTypeName: string;
  primaryColour: string;
  accentColour: string;
  hot: boolean;
  isNew: boolean;
  /** How many games it brings in each category. */
  games: Partial<Record<GameCategory, number>>;
}

export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    code: 'PSB',
    name: 'Palaro Sportsbook',
    accountTypeName: 'Sportsbook',
    primaryColour: '#0b6e4f',
    accentColour: '#f2c14e',
    hot: true,
    isNew: false,
    games: { SPORTS: 3 },
  },
  {
    code: 'TF',
    name: 'TF E-Sports',
    accountTypeName: 'E-Sports',
    primaryColour: '#3a0ca3',
    accentColour: '#4cc9f0',
    hot: false,
    isNew: false,
    games: { ESPORTS: 3 },
  },
  {
    code: 'LIWANAG',
    name: 'Liwanag Live',
    accountTypeName: 'Liwanag Live',
    primaryColour: '#7b2cbf',
    accentColour: '#ffd166',
    hot: true,
    isNew: false,
    games: { LIVE: 24 },
  },
  {
    code: 'TALA',
    name: 'Tala Live Casino',
    accountTypeName: 'Tala Live',
    primaryColour: '#9d0208',
    accentColour: '#ffba08',
    hot: false,
    isNew: true,
    games: { LIVE: 20 },
  },
  {
    code: 'DAGAT',
    name: 'Dagat Studios',
    accountTypeName: 'Dagat',
    primaryColour: '#023e8a',
    accentColour: '#90e0ef',
    hot: false,
    isNew: false,
    games: { FISH: 18 },
  },
  {
    code: 'ALON',
    name: 'Alon Gaming',
    accountTypeName: 'Alon',
    primaryColour: '#0077b6',
    accentColour: '#caf0f8',
    hot: true,
    isNew: false,
    games: { RNG: 90, FISH: 10 },
  },
  {
    code: 'BITUIN',
    name: 'Bituin Play',
    accountTypeName: 'Bituin',
    primaryColour: '#5a189a',
    accentColour: '#f9c74f',
    hot: false,
    isNew: true,
    games: { RNG: 80 },
  },
  {
    code: 'HALIGI',
    name: 'Haligi Interactive',
    accountTypeName: 'Haligi',
    primaryColour: '#6a040f',
    accentColour: '#f48c06',
    hot: false,
    isNew: false,
    games: { RNG: 70 },
  },
  {
    code: 'SIKLAB',
    name: 'Siklab Games',
    accountTypeName: 'Siklab',
    primaryColour: '#d00000',
    accentColour: '#ffdd00',
    hot: false,
    isNew: false,
    games: { RNG: 40, PVP: 12 },
  },
  {
    code: 'DS88',
    name: 'DS88 Sabong',
    accountTypeName: 'Sabong',
    primaryColour: '#7f4f24',
    accentColour: '#ede0d4',
    hot: false,
    isNew: false,
    games: { COCKFIGHT: 3 },
  },
  {
    code: 'KUBO',
    name: 'Kubo Cards',
    accountTypeName: 'Kubo',
    primaryColour: '#2d6a4f',
    accentColour: '#d8f3dc',
    hot: false,
    isNew: false,
    games: { PVP: 28 },
  },
  {
    code: 'PLR',
    name: 'Palaro Originals',
    accountTypeName: 'Palaro',
    primaryColour: '#0b1437',
    accentColour: '#f5c542',
    hot: true,
    isNew: true,
    games: { INHOUSE: 2 },
  },
  {
    code: 'TCG_LOTTO_VN',
    name: 'TCG Lotto VN',
    accountTypeName: 'Lottery',
    primaryColour: '#c1121f',
    accentColour: '#fdf0d5',
    hot: false,
    isNew: false,
    games: { LOTT: 8 },
  },
  {
    code: 'TCG_SEA',
    name: 'TCG SEA Lottery',
    accountTypeName: 'E-Lottery',
    primaryColour: '#006d77',
    accentColour: '#ffddd2',
    hot: false,
    isNew: false,
    games: { ELOTT: 6 },
  },
];

const FIRST_WORDS = [
  'Golden',
  'Lucky',
  'Jade',
  'Mystic',
  'Royal',
  'Blazing',
  'Crystal',
  'Wild',
  'Silver',
  'Neon',
  'Thunder',
  'Sunset',
  'Island',
  'Coral',
  'Monsoon',
  'Midnight',
  'Emerald',
  'Ruby',
  'Starlit',
  'Tropical',
  'Fiery',
  'Ancient',
  'Cosmic',
  'Shining',
];
const SECOND_WORDS = [
  'Carabao',
  'Mango',
  'Jeepney',
  'Sampaguita',
  'Pearl',
  'Dragon',
  'Volcano',
  'Fiesta',
  'Tarsier',
  'Eagle',
  'Lantern',
  'Galleon',
  'Parol',
  'Coconut',
  'Tiger',
  'Lotus',
  'Phoenix',
  'Treasure',
  'Reef',
  'Harvest',
  'Bamboo',
  'Rice Terraces',
  'Banca',
  'Kalesa',
];
const SLOT_ENDINGS = ['Fortune', 'Riches', 'Spins', 'Jackpot', 'Bonanza', 'Wins', 'Gold', 'Blessings', 'Rush', 'Quest'];

const TITLES: Partial<Record<GameCategory, readonly string[]>> = {
  FISH: ['Fishing', 'Hunter', 'Catch', 'Reef Raid', 'Deep Sea'],
  LIVE: ['Baccarat', 'Roulette', 'Sic Bo', 'Dragon Tiger', 'Blackjack', 'Color Game'],
  PVP: ['Tongits', 'Pusoy', 'Poker', 'Pusoy Dos', 'Lucky 9', 'Mahjong'],
};

/** The vendor's own classifications, by category and by a game's place in its list. */
const CLASSIFICATIONS: Partial<Record<GameCategory, readonly string[]>> = {
  RNG: ['JACKPOT', 'CLASSIC', 'MULTIWAYS', 'FEATURE'],
  FISH: ['SHOOTER'],
  LIVE: ['BACCARAT', 'ROULETTE', 'SICBO', 'DRAGONTIGER', 'BLACKJACK', 'COLORGAME'],
  PVP: ['CARDS', 'CARDS', 'POKER', 'CARDS', 'CARDS', 'TILES'],
};

const FIXED_NAMES: Partial<Record<GameCategory, readonly string[]>> = {
  SPORTS: ['Sportsbook', 'Virtual Basketball', 'Virtual Football'],
  ESPORTS: ['E-Sports Arena', 'MOBA Match Bets', 'Tactical Shooter Bets'],
  COCKFIGHT: ['Sabong Live', 'Derby Arena', 'Derby Replay'],
  INHOUSE: ['Palaro Isla Slots', 'Palaro Mines'],
  LOTT: [
    'Northern Lotto',
    'Central Lotto',
    'Southern Lotto',
    'Quick 3D',
    'Quick 4D',
    'Jackpot 6/45',
    'Jackpot 6/55',
    'Keno 80',
  ],
  ELOTT: ['Speed Lotto 1', 'Speed Lotto 3', 'Speed Lotto 5', 'Lucky Racers', 'Fast Keno', 'Pick 10'],
};

const SLOT_LINES = [9, 20, 25, 40, 50, 243, 1024];

export interface DemoGame {
  vendorCode: string;
  code: string;
  name: string;
  category: GameCategory;
  classifications: string[];
  minBet: bigint;
  lines: number | null;
  supportPlay: boolean;
  hot: boolean;
  isNew: boolean;
  sortOrder: number;
}

function generatedName(category: GameCategory, index: number): string {
  const first = FIRST_WORDS[index % FIRST_WORDS.length]!;
  const second = SECOND_WORDS[Math.floor(index / FIRST_WORDS.length) % SECOND_WORDS.length]!;
  if (category === 'RNG') return `${first} ${second} ${SLOT_ENDINGS[(index * 7) % SLOT_ENDINGS.length]!}`;
  const titles = TITLES[category] ?? ['Game'];
  return `${first} ${second} ${titles[index % titles.length]!}`;
}

/** Every game of the demo catalogue, names unique across it, in each vendor's list order. */
export function demoGames(): DemoGame[] {
  const result: DemoGame[] = [];
  // One running index per category across vendors keeps generated names unique in a category.
  const running: Partial<Record<GameCategory, number>> = {};
  for (const vendor of DEMO_VENDORS) {
    for (const [category, count] of Object.entries(vendor.games) as [GameCategory, number][]) {
      for (let position = 0; position < count; position += 1) {
        const index = running[category] ?? 0;
        running[category] = index + 1;
        const fixed = FIXED_NAMES[category];
        const classes = CLASSIFICATIONS[category];
        result.push({
          vendorCode: vendor.code,
          code: `${vendor.code}-${category}-${String(position + 1).padStart(3, '0')}`,
          name: fixed ? fixed[position]! : generatedName(category, index * 5 + (category === 'RNG' ? 0 : 3)),
          category,
          classifications: classes ? [classes[index % classes.length]!] : [],
          minBet: BigInt(
            category === 'RNG' || category === 'FISH'
              ? MIN_BET_CHOICES[index % MIN_BET_CHOICES.length]!
              : category === 'LIVE' || category === 'PVP'
                ? 500
                : 100,
          ),
          lines: category === 'RNG' ? SLOT_LINES[index % SLOT_LINES.length]! : null,
          supportPlay: category === 'RNG' || category === 'FISH' || category === 'INHOUSE',
          hot: position % 9 === 0,
          isNew: category === 'RNG' ? position % 7 === 3 : position % 11 === 5,
          sortOrder: position + 1,
        });
      }
    }
  }
  return result;
}

export interface DemoHotMatch {
  key: string;
  gameCode: string;
  roomId: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  /** Hours after the seed's time. */
  hoursAhead: number;
}

export const DEMO_HOT_MATCHES: readonly DemoHotMatch[] = [
  {
    key: 'match-hoops-1',
    gameCode: 'PSB-SPORTS-001',
    roomId: 'PSB-MHL-1001',
    league: 'Manila Hoops League',
    homeTeam: 'Pasig Carabaos',
    awayTeam: 'Cebu Marlins',
    hoursAhead: 5,
  },
  {
    key: 'match-football-1',
    gameCode: 'PSB-SPORTS-001',
    roomId: 'PSB-VFC-2001',
    league: 'Visayas Football Cup',
    homeTeam: 'Iloilo Sharks',
    awayTeam: 'Bohol Tarsiers',
    hoursAhead: 11,
  },
  {
    key: 'match-hoops-2',
    gameCode: 'PSB-SPORTS-001',
    roomId: 'PSB-MHL-1002',
    league: 'Manila Hoops League',
    homeTeam: 'Quezon Eagles',
    awayTeam: 'Davao Durians',
    hoursAhead: 19,
  },
  {
    key: 'match-esports-1',
    gameCode: 'TF-ESPORTS-001',
    roomId: 'TF-AES-3001',
    league: 'Archipelago E-Sports Series',
    homeTeam: 'Team Bagyo',
    awayTeam: 'Kidlat Gaming',
    hoursAhead: 8,
  },
  {
    key: 'match-esports-2',
    gameCode: 'TF-ESPORTS-001',
    roomId: 'TF-AES-3002',
    league: 'Archipelago E-Sports Series',
    homeTeam: 'Lakan Esports',
    awayTeam: 'Habagat Five',
    hoursAhead: 27,
  },
  {
    key: 'match-volley-1',
    gameCode: 'PSB-SPORTS-001',
    roomId: 'PSB-SVL-4001',
    league: 'Southern Volley League',
    homeTeam: 'Zamboanga Waves',
    awayTeam: 'Baguio Pines',
    hoursAhead: 34,
  },
];
