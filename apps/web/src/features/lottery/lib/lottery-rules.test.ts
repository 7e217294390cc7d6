import { afterEach, describe, expect, it } from 'vitest';
import { betTypeRule, STORAGE_KEYS } from '@palaro/contract';
import { favouritesOf, readLotteryFavourites, toggleLotteryFavourite } from './favourites';
import { previousNumberView } from './winningNumber';
import { lotteryPrizeMode } from './prizeMode';
import {
  betCount,
  oddsText,
  optionKindOf,
  optionText,
  picksText,
  quickPick,
  slipBet,
  slipTotal,
  unitStakeChoices,
} from './slip';
import { countdownAt } from './countdown';

afterEach(() => localStorage.clear());

describe('LOTTFAV', () => {
  it('keeps one list of gameIds per userName under LOTTFAV', () => {
    expect(toggleLotteryFavourite('ana', 7)).toBe(true);
    toggleLotteryFavourite('ana', 9);
    toggleLotteryFavourite('ben', 7);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lotteryFavourites)!)).toEqual({ ana: [7, 9], ben: [7] });
    expect(toggleLotteryFavourite('ana', 7)).toBe(false);
    expect(favouritesOf('ana')).toEqual([9]);
    expect(favouritesOf('ben')).toEqual([7]);
  });

  it('reads anything unreadable as no favourites', () => {
    localStorage.setItem(STORAGE_KEYS.lotteryFavourites, '{oops');
    expect(readLotteryFavourites()).toEqual({});
    localStorage.setItem(STORAGE_KEYS.lotteryFavourites, JSON.stringify({ ana: [1, 'x', 2.5, 3], ben: 'nope' }));
    expect(readLotteryFavourites()).toEqual({ ana: [1, 3] });
    localStorage.setItem(STORAGE_KEYS.lotteryFavourites, '[1,2]');
    expect(readLotteryFavourites()).toEqual({});
  });
});

describe('previous winning number (spec §2)', () => {
  it('shows one ball per number when the first part has several', () => {
    expect(previousNumberView('3,8,1,0,6')).toEqual({ balls: ['3', '8', '1', '0', '6'], spoken: '3, 8, 1, 0, 6' });
    expect(previousNumberView('10,2,7')?.balls).toEqual(['10', '2', '7']);
  });
  it('splits by ~ and shows the first number digit by digit', () => {
    expect(previousNumberView('04512~13380~00001,99999')).toEqual({
      balls: ['0', '4', '5', '1', '2'],
      spoken: '04512',
    });
    expect(previousNumberView('04512,11111~22222')?.balls).toEqual(['04512', '11111']);
  });
  it('is nothing before the first draw', () => {
    expect(previousNumberView('')).toBeNull();
    expect(previousNumberView('~12')).toBeNull();
  });
});

describe('prize mode (spec §4)', () => {
  const vendor = {
    gameType: 'ELOTT' as const,
    vassalage: 'PALARO',
    vendorName: 'Palaro',
    accountTypeName: '',
    logoUrl: '',
    hot: false,
    new: false,
    gameCount: 3,
  };
  it('is Elott with an ELOTT entry, else Lott', () => {
    expect(lotteryPrizeMode({ sorting: [{ gameCategory: 'ELOTT', vendorNames: [vendor] }] })).toBe('Elott');
    expect(lotteryPrizeMode({ sorting: [{ gameCategory: 'ELOTT', vendorNames: [] }] })).toBe('Lott');
    expect(
      lotteryPrizeMode({ sorting: [{ gameCategory: 'LOTT', vendorNames: [{ ...vendor, gameType: 'LOTT' }] }] }),
    ).toBe('Lott');
    expect(lotteryPrizeMode(undefined)).toBe('Lott');
  });
});

describe('countdown and lock (spec §4)', () => {
  const sent = 1_000_000;
  it('starts from remainTime minus half the round trip and ticks from the answer', () => {
    const input = { isSale: true, remainTime: 65_000, lotteryTime: [sent, sent + 2000] as const, lockTime: 10 };
    const at = countdownAt(input, sent + 2000);
    expect(at.remaining).toBe(64_000);
    expect(at.text).toBe('1:04');
    expect(at.untilLock).toBe(54_000);
    expect(at.lockText).toBe('0:54');
    expect(at.locked).toBe(false);
    const later = countdownAt(input, sent + 2000 + 58_500);
    expect(later.text).toBe('0:05');
    expect(later.near).toBe(true);
    expect(later.locked).toBe(true);
    expect(later.lockText).toBe('--:--:--');
  });
  it('never starts below 0, and shows --:--:-- at zero or when not on sale', () => {
    expect(countdownAt({ isSale: true, remainTime: 500, lotteryTime: [sent, sent + 3000] }, sent + 3000).text).toBe(
      '--:--:--',
    );
    const closed = countdownAt({ isSale: false, remainTime: 30_000, lotteryTime: [sent, sent] }, sent);
    expect(closed).toMatchObject({ remaining: null, text: '--:--:--', near: false, locked: true });
  });
  it('shows minutes and seconds under an hour, hours only from an hour on, and is not near at exactly 6 s', () => {
    expect(countdownAt({ isSale: true, remainTime: 3_599_000, lotteryTime: [sent, sent] }, sent).text).toBe('59:59');
    expect(countdownAt({ isSale: true, remainTime: 3_725_000, lotteryTime: [sent, sent] }, sent).text).toBe('1:02:05');
    expect(countdownAt({ isSale: true, remainTime: 6000, lotteryTime: [sent, sent] }, sent).near).toBe(false);
    expect(countdownAt({ isSale: true, remainTime: 5999, lotteryTime: [sent, sent] }, sent).near).toBe(true);
  });
});

describe('bet count and total (the contract rules)', () => {
  it('counts a 5D fixed place over every ball and a 2-star straight as a product', () => {
    const fixed = betTypeRule('SSC_FIXED_PLACE')!;
    expect(betCount(fixed, [[1, 2], [], [5], [], []])).toBe(3);
    expect(betCount(fixed, [[], [], [], [], []])).toBe(0);
    const straight = betTypeRule('SSC_STRAIGHT_FIRST2')!;
    expect(
      betCount(straight, [
        [1, 2, 3],
        [4, 5],
      ]),
    ).toBe(6);
    expect(betCount(straight, [[1, 2, 3], []])).toBe(0);
  });
  it('counts 11x5 any-3 as combinations and refuses too few', () => {
    const any3 = betTypeRule('X11X5_ANY3')!;
    expect(betCount(any3, [[1, 2, 3, 4, 5]])).toBe(10);
    expect(betCount(any3, [[1, 2]])).toBe(0);
  });
  it('makes a slip bet with stake = unit × multiplier × count, and sums the slip', () => {
    const straight = betTypeRule('SSC_STRAIGHT_FIRST2')!;
    const bet = slipBet(
      straight,
      straight,
      [
        [3, 1, 2],
        [5, 4],
      ],
      200,
      3,
      'a',
    )!;
    expect(bet).toMatchObject({
      picks: [
        [1, 2, 3],
        [4, 5],
      ],
      combinations: 6,
      stake: 3600,
    });
    const sum = betTypeRule('K3_SUM')!;
    const other = slipBet(sum, sum, [[10, 11]], 100, 1, 'b')!;
    expect(other.stake).toBe(200);
    expect(slipTotal([bet, other])).toBe(3800);
    expect(slipBet(straight, straight, [[1], []], 100, 1, 'c')).toBeNull();
  });
  it('says which ball each pick is on: the same digits on two balls read as two different bets', () => {
    const fixed = betTypeRule('SSC_FIXED_PLACE')!;
    const onBalls = { name: 'Numero bawat bola', rows: fixed.rows.map((_, index) => ({ label: `Bola ${index + 1}` })) };
    const bet = slipBet(fixed, onBalls, [[7, 3], [], [], [], [4, 0, 1, 2, 3]], 100, 1, 'a')!;
    expect(bet.picksText).toBe('Bola 1: 3 7 · Bola 5: 0 1 2 3 4');
    expect(slipBet(fixed, onBalls, [[], [], [], [], [3, 7]], 100, 1, 'b')!.picksText).toBe('Bola 5: 3 7');
    // One row (the digits of a group bet, a total): the bet type's name says where, the picks need no label.
    const sum = betTypeRule('K3_SUM')!;
    expect(slipBet(sum, sum, [[11, 10]], 100, 1, 'c')!.picksText).toBe('10 11');
    expect(
      picksText([{ label: 'Ball 1' }, { label: 'Ball 2' }], [[0], [1]], (_, value) => ['Big', 'Small'][value]!),
    ).toBe('Ball 1: Big · Ball 2: Small');
  });
});

describe('odds as a player reads them', () => {
  it('groups thousands in the language’s number format, drops trailing zeros and cuts (never rounds up) to the places asked', () => {
    for (const locale of ['fil-PH', 'en-PH']) {
      expect(oddsText(975_000_000, locale)).toBe('97,500');
      expect(oddsText(27_857_142, locale, 2)).toBe('2,785.71');
      expect(oddsText(27_857_142, locale)).toBe('2,785.7142');
      expect(oddsText(19_500, locale)).toBe('1.95');
      expect(oddsText(20_000, locale)).toBe('2');
      expect(oddsText(19_999, locale, 2)).toBe('1.99');
    }
  });
});

describe('quick picks and options', () => {
  it('picks all, big, small, odd, even and clear of a row, capped at maxPicks', () => {
    const digits = { min: 0, max: 9 };
    expect(quickPick(digits, 'all', 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(quickPick(digits, 'big', 10)).toEqual([5, 6, 7, 8, 9]);
    expect(quickPick(digits, 'small', 10)).toEqual([0, 1, 2, 3, 4]);
    expect(quickPick(digits, 'odd', 10)).toEqual([1, 3, 5, 7, 9]);
    expect(quickPick(digits, 'even', 10)).toEqual([0, 2, 4, 6, 8]);
    expect(quickPick(digits, 'clear', 10)).toEqual([]);
    expect(quickPick({ min: 1, max: 11 }, 'big', 11)).toEqual([7, 8, 9, 10, 11]);
    expect(quickPick({ min: 0, max: 99 }, 'all', 45)).toHaveLength(45);
  });
  it('names option kinds and pads two- and three-digit numbers', () => {
    expect(optionKindOf('SSC_BSOE')).toBe('side');
    expect(optionKindOf('PK10_DRAGON_TIGER')).toBe('duel');
    expect(optionKindOf('K3_ANY_TRIPLE')).toBe('only');
    expect(optionKindOf('VN_DE')).toBe('number');
    expect(optionText({ min: 0, max: 99 }, 7)).toBe('07');
    expect(optionText({ min: 0, max: 999 }, 7)).toBe('007');
    expect(optionText({ min: 0, max: 9 }, 7)).toBe('7');
  });
  it('offers unit stakes from the game minimum', () => {
    expect(unitStakeChoices(100)).toEqual([100, 200, 500, 1000, 5000, 10_000]);
    expect(unitStakeChoices(500)).toEqual([500, 1000, 5000, 10_000]);
    expect(unitStakeChoices(20_000)).toEqual([20_000]);
  });
});
