import type { LotteryFamily, LotterySchedule } from '@palaro/contract';
import { ELECTRONIC_INTERVALS_SECONDS, PRIZE_GROUP_DEFAULT, ZY_PRIZE_GROUP } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { insertMissingGames } from './store/games';

/**
 * The demo merchant's electronic lottery: a 1-, 3- and 5-minute edition of each family, its ZY and
 * traditional games (below), and the icons they show (our own SVG, served by the lottery's routes).
 */
const FAMILIES: readonly {
  family: LotteryFamily;
  group: string;
  code: string;
  en: string;
  tl: string;
  colour: string;
  glyph: string;
}[] = [
  { family: 'SSC', group: 'SSC', code: 'SSC', en: '5D Lottery', tl: '5D Loterya', colour: '#e0463f', glyph: '5D' },
  { family: 'K3', group: 'K3', code: 'K3', en: 'Fast 3', tl: 'Fast 3 Dais', colour: '#1f8f5f', glyph: 'K3' },
  { family: 'PK10', group: 'PK10', code: 'PK10', en: 'PK10 Racing', tl: 'PK10 Karera', colour: '#2f6fd6', glyph: '10' },
  { family: 'X11X5', group: '11X5', code: 'X11X5', en: '11x5', tl: '11x5', colour: '#8a4fd6', glyph: '11' },
  { family: 'VNE', group: 'VN', code: 'VNE', en: 'Lô Đề', tl: 'Lô Đề', colour: '#d68a1f', glyph: 'LĐ' },
];

const LOCK_SECONDS: Record<number, number> = { 60: 10, 180: 20, 300: 30 };

/**
 * Prize mode ZY (docs/LOTTERY.md "Play types and prize mode ZY"): 1- and 3-minute editions of the
 * families that have a two-sided board, sold on it alone at the game's fixed group (ZY_PRIZE_GROUP),
 * each with its own draws and seeds, in one menu group.
 */
const ZY_FAMILIES: readonly { family: LotteryFamily; name: string }[] = [
  { family: 'SSC', name: '5D' },
  { family: 'K3', name: 'Fast 3' },
  { family: 'PK10', name: 'PK10' },
];
const ZY_INTERVALS_SECONDS = [60, 180] as const;
export const ZY_GROUP = 'ZY';

/**
 * The demo merchant's traditional games (prize mode Lott) on the official schedules: the Vietnamese
 * northern (18:15) and southern (16:15; one province-set a day, the draw's 18 numbers as its ticket
 * shows them) daily draws in Hà Nội time, PCSO Lotto 6/42 (Tue/Thu/Sat 9 PM) and Swertres 3D (2, 5
 * and 9 PM daily) in Manila time. Results are entered by an operator and confirmed by another
 * (result source 'operator'); a game can be pointed at a feed instead (result_source 'feed',
 * feed_url). Sales lock 15 minutes before the draw (6/42: an hour, as PCSO stops selling at 8 PM;
 * Swertres' 9 PM draw too: PCSO closes its sales at 1:45, 4:45 and 8:00 PM).
 */
const TRADITIONAL: readonly {
  family: LotteryFamily;
  group: string;
  code: string;
  en: string;
  tl: string;
  colour: string;
  glyph: string;
  schedule: LotterySchedule;
  lockSeconds: number;
  minUnitStake: bigint;
}[] = [
  {
    family: 'VNN',
    group: 'VN',
    code: 'VN_NORTH',
    en: 'Vietnam North (Miền Bắc)',
    tl: 'Vietnam Hilaga (Miền Bắc)',
    colour: '#c62828',
    glyph: 'MB',
    schedule: { timeZone: 'Asia/Ho_Chi_Minh', times: ['18:15'], weekdays: [] },
    lockSeconds: 900,
    minUnitStake: 100n,
  },
  {
    family: 'VNS',
    group: 'VN',
    code: 'VN_SOUTH',
    en: 'Vietnam South (Miền Nam)',
    tl: 'Vietnam Timog (Miền Nam)',
    colour: '#ad5f00',
    glyph: 'MN',
    schedule: { timeZone: 'Asia/Ho_Chi_Minh', times: ['16:15'], weekdays: [] },
    lockSeconds: 900,
    minUnitStake: 100n,
  },
  {
    family: 'P642',
    group: 'PCSO',
    code: 'PCSO_642',
    en: 'Lotto 6/42',
    tl: 'Lotto 6/42',
    colour: '#0d47a1',
    glyph: '642',
    schedule: { timeZone: 'Asia/Manila', times: ['21:00'], weekdays: [2, 4, 6] },
    lockSeconds: 3600,
    minUnitStake: 2000n,
  },
  {
    family: 'P3D',
    group: 'PCSO',
    code: 'PCSO_3D',
    en: 'Swertres 3D',
    tl: 'Swertres 3D',
    colour: '#00796b',
    glyph: '3D',
    schedule: {
      timeZone: 'Asia/Manila',
      times: ['14:00', '17:00', '21:00'],
      weekdays: [],
      lockSecondsAt: { '21:00': 3600 },
    },
    lockSeconds: 900,
    minUnitStake: 1000n,
  },
];

export function lotteryIconPath(family: LotteryFamily): string {
  return `/lgw/lottery/icons/${family}.svg`;
}

/** A 96×96 icon: a rounded tile in the family's colour, a ball ring and the family's glyph. */
export function lotteryIconSvg(family: LotteryFamily): string | null {
  const entry = [...FAMILIES, ...TRADITIONAL].find((each) => each.family === family);
  if (!entry) return null;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${entry.en}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${entry.colour}"/><stop offset="1" stop-color="${entry.colour}" stop-opacity="0.72"/></linearGradient></defs>` +
    '<rect x="4" y="4" width="88" height="88" rx="22" fill="url(#g)"/>' +
    '<circle cx="48" cy="48" r="27" fill="#fff" fill-opacity="0.95"/>' +
    `<circle cx="48" cy="48" r="22" fill="none" stroke="${entry.colour}" stroke-width="3" stroke-dasharray="6 4"/>` +
    `<text x="48" y="56" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${entry.colour}">${entry.glyph}</text>` +
    '</svg>'
  );
}

/** A seeded game's stake limits in centavos: a unit of at least ₱1.00 (a traditional game sets its own), at most ₱50,000 a bet and ₱200,000 a member on one draw. */
const SEEDED_STAKE_LIMITS = { minUnitStake: 100n, maxBetStake: 5_000_000n, maxDrawStakePerMember: 20_000_000n };

/** Inserts the games the merchant does not have yet (idempotent). */
export async function seedLotteryGames(tx: Tx, merchantId: number): Promise<void> {
  const rows = FAMILIES.flatMap((entry, familyIndex) =>
    ELECTRONIC_INTERVALS_SECONDS.map((interval, editionIndex) => {
      const minutes = interval / 60;
      return {
        merchantId,
        gameCode: `${entry.code}_${minutes}M`,
        gameGroupCode: entry.group,
        family: entry.family,
        prizeMode: 'Elott' as const,
        nameEn: `${entry.en} ${minutes} min`,
        nameTl: `${entry.tl} ${minutes} minuto`,
        tag: minutes === 1 ? 'HOT' : '',
        labelName: minutes === 1 ? 'FAST' : '',
        menus: ['ELOTT', entry.group],
        hot: minutes === 1,
        sortOrder: familyIndex * 10 + editionIndex,
        intervalSeconds: interval,
        lockSeconds: LOCK_SECONDS[interval]!,
        prizeGroup: PRIZE_GROUP_DEFAULT,
        ...SEEDED_STAKE_LIMITS,
      };
    }),
  );
  const twoSided = ZY_FAMILIES.flatMap(({ family, name }, familyIndex) =>
    ZY_INTERVALS_SECONDS.map((interval, editionIndex) => {
      const entry = FAMILIES.find((each) => each.family === family)!;
      const minutes = interval / 60;
      return {
        merchantId,
        gameCode: `${entry.code}_ZY_${minutes}M`,
        gameGroupCode: ZY_GROUP,
        family,
        prizeMode: 'ZY' as const,
        nameEn: `${name} Two-sided ${minutes} min`,
        nameTl: `${name} Dalawang panig ${minutes} minuto`,
        labelName: 'ZY',
        menus: ['ZY', entry.group],
        sortOrder: 60 + familyIndex * 10 + editionIndex,
        intervalSeconds: interval,
        lockSeconds: LOCK_SECONDS[interval]!,
        prizeGroup: ZY_PRIZE_GROUP,
        ...SEEDED_STAKE_LIMITS,
      };
    }),
  );
  const traditional = TRADITIONAL.map((entry, index) => ({
    merchantId,
    gameCode: entry.code,
    gameGroupCode: entry.group,
    family: entry.family,
    prizeMode: 'Lott' as const,
    nameEn: entry.en,
    nameTl: entry.tl,
    menus: ['LOTT', entry.group],
    sortOrder: 100 + index,
    intervalSeconds: 86_400,
    lockSeconds: entry.lockSeconds,
    resultSource: 'operator' as const,
    schedule: entry.schedule,
    resultGraceSeconds: 3600,
    prizeGroup: PRIZE_GROUP_DEFAULT,
    ...SEEDED_STAKE_LIMITS,
    minUnitStake: entry.minUnitStake,
  }));
  await insertMissingGames(tx, [...rows, ...twoSided, ...traditional]);
}
