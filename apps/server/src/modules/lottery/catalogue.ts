import type { LotteryFamily } from '@palaro/contract';
import { ELECTRONIC_INTERVALS_SECONDS, PRIZE_GROUP_DEFAULT } from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { lotteryGames } from './schema';

/**
 * The demo merchant's electronic lottery: a 1-, 3- and 5-minute edition of each family, and the
 * icons they show (our own SVG, served by the lottery's routes).
 */
const FAMILIES: readonly { family: LotteryFamily; group: string; code: string; en: string; tl: string; colour: string; glyph: string }[] = [
  { family: 'SSC', group: 'SSC', code: 'SSC', en: '5D Lottery', tl: '5D Loterya', colour: '#e0463f', glyph: '5D' },
  { family: 'K3', group: 'K3', code: 'K3', en: 'Fast 3', tl: 'Fast 3 Dais', colour: '#1f8f5f', glyph: 'K3' },
  { family: 'PK10', group: 'PK10', code: 'PK10', en: 'PK10 Racing', tl: 'PK10 Karera', colour: '#2f6fd6', glyph: '10' },
  { family: 'X11X5', group: '11X5', code: 'X11X5', en: '11x5', tl: '11x5', colour: '#8a4fd6', glyph: '11' },
  { family: 'VNE', group: 'VN', code: 'VNE', en: 'Lô Đề', tl: 'Lô Đề', colour: '#d68a1f', glyph: 'LĐ' },
];

const LOCK_SECONDS: Record<number, number> = { 60: 10, 180: 20, 300: 30 };

export function lotteryIconPath(family: LotteryFamily): string {
  return `/lgw/lottery/icons/${family}.svg`;
}

/** A 96×96 icon: a rounded tile in the family's colour, a ball ring and the family's glyph. */
export function lotteryIconSvg(family: LotteryFamily): string | null {
  const entry = FAMILIES.find((each) => each.family === family);
  if (!entry) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${entry.en}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${entry.colour}"/><stop offset="1" stop-color="${entry.colour}" stop-opacity="0.72"/></linearGradient></defs>`
    + '<rect x="4" y="4" width="88" height="88" rx="22" fill="url(#g)"/>'
    + '<circle cx="48" cy="48" r="27" fill="#fff" fill-opacity="0.95"/>'
    + `<circle cx="48" cy="48" r="22" fill="none" stroke="${entry.colour}" stroke-width="3" stroke-dasharray="6 4"/>`
    + `<text x="48" y="56" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${entry.colour}">${entry.glyph}</text>`
    + '</svg>';
}

/** Inserts the games the merchant does not have yet (idempotent). */
export async function seedLotteryGames(tx: Tx, merchantId: number): Promise<void> {
  const rows = FAMILIES.flatMap((entry, familyIndex) => ELECTRONIC_INTERVALS_SECONDS.map((interval, editionIndex) => {
    const minutes = interval / 60;
    return {
      merchantId, gameCode: `${entry.code}_${minutes}M`, gameGroupCode: entry.group, family: entry.family, prizeMode: 'Elott',
      nameEn: `${entry.en} ${minutes} min`, nameTl: `${entry.tl} ${minutes} minuto`,
      tag: minutes === 1 ? 'HOT' : '', labelName: minutes === 1 ? 'FAST' : '', menus: ['ELOTT', entry.group],
      hot: minutes === 1, sortOrder: familyIndex * 10 + editionIndex, intervalSeconds: interval, lockSeconds: LOCK_SECONDS[interval]!,
      prizeGroup: PRIZE_GROUP_DEFAULT, minUnitStake: 100, maxBetStake: 5_000_000, maxDrawStakePerMember: 20_000_000,
    };
  }));
  await tx.insert(lotteryGames).values(rows).onConflictDoNothing();
}
