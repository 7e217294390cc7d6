import { describe, expect, it } from 'vitest';
import {
  PRIZE_GROUP_DEFAULT,
  betTypeRule,
  oddsTable,
  selectionProblem,
  settleBet,
  type BetTypeRule,
} from './bet-types';
import { formatWinningNumber, isFamilyResult, parseWinningNumber, VN_SOUTH_TIERS } from './families';
import {
  drawTimeZone,
  feedUrlProblem,
  formatLocalTime,
  lockSecondsOf,
  nextScheduledSlot,
  parseOfficialResult,
  redactFeedUrl,
  sameOfficialResult,
  scheduledDrawAfter,
  scheduledDrawBefore,
  scheduledNumero,
  scheduleProblem,
  type LotterySchedule,
} from './traditional';

const G = PRIZE_GROUP_DEFAULT;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

function rule(code: string): BetTypeRule {
  const found = betTypeRule(code);
  if (!found) throw new Error(`no bet type ${code}`);
  return found;
}
const odds = (code: string) => oddsTable(rule(code), G)[0]!.odds;
/** What picks pay at unit stake ₱1 (100 centavos), multiplier 1. */
const win = (code: string, picks: number[][], result: number[]) =>
  settleBet(rule(code), picks, result, G, 100, 1).winAmount;

const NORTH: LotterySchedule = { timeZone: 'Asia/Ho_Chi_Minh', times: ['18:15'], weekdays: [] };
const SWERTRES: LotterySchedule = { timeZone: 'Asia/Manila', times: ['21:00', '14:00', '17:00'], weekdays: [] };
const LOTTO_642: LotterySchedule = { timeZone: 'Asia/Manila', times: ['21:00'], weekdays: [2, 4, 6] };

describe('official schedules: local times and weekdays in the draw’s time zone', () => {
  it('the northern draw is 18:15 in Hà Nội (11:15 UTC) every day; its numero is the local date and 0001', () => {
    expect(iso(scheduledDrawAfter(NORTH, at('2026-11-26T10:00:00Z')))).toBe('2026-11-26T11:15:00.000Z');
    expect(iso(scheduledDrawAfter(NORTH, at('2026-11-26T11:15:00Z')))).toBe('2026-11-27T11:15:00.000Z');
    expect(scheduledNumero(NORTH, at('2026-11-26T11:15:00Z'))).toBe('20261126-0001');
  });

  it('Swertres draws at 2, 5 and 9 PM Manila time; numero by the draw’s place in the day', () => {
    expect(iso(scheduledDrawAfter(SWERTRES, at('2026-11-26T06:00:00Z')))).toBe('2026-11-26T09:00:00.000Z');
    expect(scheduledNumero(SWERTRES, at('2026-11-26T09:00:00Z'))).toBe('20261126-0002');
    expect(iso(scheduledDrawAfter(SWERTRES, at('2026-11-26T13:00:00Z')))).toBe('2026-11-27T06:00:00.000Z');
    expect(scheduledNumero(SWERTRES, at('2026-11-27T06:00:00Z'))).toBe('20261127-0001');
    // 9 PM Manila is 13:00 UTC, still the same local day.
    expect(scheduledNumero(SWERTRES, at('2026-11-26T13:00:00Z'))).toBe('20261126-0003');
    expect(iso(scheduledDrawBefore(SWERTRES, at('2026-11-27T05:59:59Z')))).toBe('2026-11-26T13:00:00.000Z');
  });

  it('6/42 draws Tuesday, Thursday and Saturday at 9 PM (26 November 2026 is a Thursday)', () => {
    expect(iso(scheduledDrawAfter(LOTTO_642, at('2026-11-26T12:00:00Z')))).toBe('2026-11-26T13:00:00.000Z');
    expect(iso(scheduledDrawAfter(LOTTO_642, at('2026-11-26T13:00:00Z')))).toBe('2026-11-28T13:00:00.000Z');
    expect(iso(scheduledDrawAfter(LOTTO_642, at('2026-11-28T13:00:00Z')))).toBe('2026-12-01T13:00:00.000Z');
  });

  it('follows a zone’s daylight saving (New York springs forward on 8 March 2026)', () => {
    const ny: LotterySchedule = { timeZone: 'America/New_York', times: ['21:00'], weekdays: [] };
    expect(iso(scheduledDrawAfter(ny, at('2026-03-07T12:00:00Z')))).toBe('2026-03-08T02:00:00.000Z');
    expect(iso(scheduledDrawAfter(ny, at('2026-03-08T12:00:00Z')))).toBe('2026-03-09T01:00:00.000Z');
  });

  it('the next draw opens now and is the first whose lock is still ahead (official draws passed meanwhile are not sold)', () => {
    const previous = at('2026-11-26T13:00:00Z');
    expect(nextScheduledSlot(LOTTO_642, 3600, previous, at('2026-11-26T13:05:00Z'))).toEqual({
      numero: '20261128-0001',
      opensAt: at('2026-11-26T13:05:00Z'),
      locksAt: at('2026-11-28T12:00:00Z'),
      drawsAt: at('2026-11-28T13:00:00Z'),
    });
    expect(nextScheduledSlot(LOTTO_642, 3600, previous, at('2026-11-28T12:30:00Z')).numero).toBe('20261201-0001');
    expect(nextScheduledSlot(SWERTRES, 900, null, at('2026-11-26T05:50:00Z')).numero).toBe('20261126-0002');
  });

  it('Swertres closes sales at 1:45 PM, 4:45 PM and 8:00 PM: the 9 PM draw has its own cut-off, the others the game’s 15 minutes', () => {
    const swertres: LotterySchedule = { ...SWERTRES, lockSecondsAt: { '21:00': 3600 } };
    expect(lockSecondsOf(swertres, 900, at('2026-11-26T06:00:00Z'))).toBe(900);
    expect(lockSecondsOf(swertres, 900, at('2026-11-26T13:00:00Z'))).toBe(3600);
    // 1:40 PM Manila: the 2 PM draw, on sale until 1:45 PM.
    expect(nextScheduledSlot(swertres, 900, null, at('2026-11-26T05:40:00Z'))).toMatchObject({
      numero: '20261126-0001',
      locksAt: at('2026-11-26T05:45:00Z'),
    });
    // 7:50 PM: the 9 PM draw, on sale until 8:00 PM (not 8:45 PM).
    expect(nextScheduledSlot(swertres, 900, null, at('2026-11-26T11:50:00Z'))).toMatchObject({
      numero: '20261126-0003',
      locksAt: at('2026-11-26T12:00:00Z'),
    });
    // 8:10 PM: the 9 PM draw's sales closed, so the next draw sold is tomorrow's 2 PM; after the 5 PM draw's result the same.
    expect(nextScheduledSlot(swertres, 900, null, at('2026-11-26T12:10:00Z')).numero).toBe('20261127-0001');
    expect(nextScheduledSlot(swertres, 900, at('2026-11-26T09:00:00Z'), at('2026-11-26T12:10:00Z')).numero).toBe(
      '20261127-0001',
    );
    // Without the cut-off the 9 PM draw would still be sold at 8:10 PM.
    expect(nextScheduledSlot(SWERTRES, 900, null, at('2026-11-26T12:10:00Z')).numero).toBe('20261126-0003');
  });

  it('refuses a schedule with an unknown zone, bad or repeated times, or weekdays out of 0–6', () => {
    expect(scheduleProblem({ ...SWERTRES, lockSecondsAt: { '20:00': 900 } })).toMatch(/not one of the times/);
    expect(scheduleProblem({ ...SWERTRES, lockSecondsAt: { '21:00': 86_400 } })).toMatch(/under a day/);
    expect(scheduleProblem(NORTH)).toBeNull();
    expect(scheduleProblem({ ...NORTH, timeZone: 'Mars/Olympus' })).toMatch(/time zone/);
    expect(scheduleProblem({ ...NORTH, times: ['24:00'] })).toMatch(/HH:MM/);
    expect(scheduleProblem({ ...NORTH, times: ['18:15', '18:15'] })).toMatch(/differ/);
    expect(scheduleProblem({ ...NORTH, weekdays: [7] })).toMatch(/weekdays/);
  });
});

// ĐB 123456; G1 11111; G2 22222; G3 33333 44444; G4 ×7; G5 6789; G6 1056 2056 3056; G7 456; G8 56.
const SOUTH = [
  123456, 11111, 22222, 33333, 44444, 55555, 66666, 77777, 88888, 99999, 12345, 54321, 6789, 1056, 2056, 3056, 456, 56,
];
const SOUTH_TEXT =
  '123456~11111~22222~33333,44444~55555,66666,77777,88888,99999,12345,54321~6789~1056,2056,3056~456~56';

describe('official results: shapes per family, as operators type them', () => {
  it('the southern draw: 18 numbers in 9 tiers, written with each tier’s digits', () => {
    expect(isFamilyResult('VNS', SOUTH)).toBe(true);
    expect(formatWinningNumber('VNS', SOUTH)).toBe(SOUTH_TEXT);
    expect(parseWinningNumber('VNS', SOUTH_TEXT)).toEqual(SOUTH);
    expect(parseOfficialResult('VNS', SOUTH_TEXT)).toEqual({ result: SOUTH, problem: null });
    expect(VN_SOUTH_TIERS.reduce((sum, [, count]) => sum + count, 0)).toBe(18);
  });

  it('says what is wrong: a tier missing, a wrong count, a number without its leading zeros', () => {
    expect(parseOfficialResult('VNS', SOUTH_TEXT.replace('~56', '')).problem).toBe(
      '9 prize tiers separated by ~ (ĐB, G1, G2, G3, G4, G5, G6, G7, G8), got 8',
    );
    expect(parseOfficialResult('VNS', SOUTH_TEXT.replace('33333,44444', '33333')).problem).toBe(
      'tier G3 has 2 numbers, got 1',
    );
    const north =
      '12345~11111~22222,33333~1,2,3,4,5,6~1234,2345,3456,4567~1111,2222,3333,4444,5555,6666~123,234,345~07,08,09,10';
    expect(parseOfficialResult('VNN', north).problem).toBe('tier G3: every number has exactly 5 digits, got "1"');
    const fixed = north.replace('1,2,3,4,5,6', '00001,00002,00003,00004,00005,00006');
    expect(parseOfficialResult('VNN', fixed).result).toHaveLength(27);
    expect(parseOfficialResult('VNN', fixed.replace('07,08', '7,08')).problem).toBe(
      'tier G7: every number has exactly 2 digits, got "7"',
    );
  });

  it('Swertres: three digits as 407 or 4,0,7; 6/42: six different numbers 1–42, commas or dashes', () => {
    expect(parseOfficialResult('P3D', '407').result).toEqual([4, 0, 7]);
    expect(parseOfficialResult('P3D', '4, 0, 7').result).toEqual([4, 0, 7]);
    expect(parseOfficialResult('P3D', '4,0').problem).toMatch(/three digits/);
    expect(parseOfficialResult('P3D', '4,10,7').problem).toBe('each digit is 0–9');
    expect(parseOfficialResult('P642', '04-12-19-27-33-41').result).toEqual([4, 12, 19, 27, 33, 41]);
    expect(parseOfficialResult('P642', '4,12,19,27,33,43').problem).toMatch(/different numbers, each 1–42/);
    expect(parseOfficialResult('P642', '4,4,19,27,33,41').problem).toMatch(/different/);
    expect(sameOfficialResult('P642', [4, 12, 19, 27, 33, 41], [41, 33, 27, 19, 12, 4])).toBe(true);
    expect(sameOfficialResult('P3D', [4, 0, 7], [7, 0, 4])).toBe(false);
  });
});

describe('traditional bet types: odds from the true probability at 1950 (payout = 0.975 / p), by hand', () => {
  it.each([
    ['VNN_DE', 975_000],
    ['VNN_DAU', 97_500],
    ['VNN_LO2', 36_111],
    ['VNN_LO3', 423_913],
    ['VNN_XIEN2', 177_653],
    ['VNN_XIEN4', 3_651_801],
    // South: lô 2 over 18 numbers (0.975 / 0.18 = 5.4166), lô 3 over the 17 of 3+ digits (57.3529), xiên over 18 endings.
    ['VNS_DE', 975_000],
    ['VNS_LO2', 54_166],
    ['VNS_LO3', 573_529],
    ['VNS_XIEN2', 373_451],
    ['VNS_XIEN3', 2_491_410],
    ['VNS_XIEN4', 17_560_462],
    // Swertres: straight 1/1000, rambolito 3 3/1000, rambolito 6 6/1000.
    ['P3D_STRAIGHT', 9_750_000],
    ['P3D_RAMBOLITO3', 3_250_000],
    ['P3D_RAMBOLITO6', 1_625_000],
  ] as const)('%s → %i', (code, expected) => {
    expect(odds(code)).toBe(expected);
  });
});

describe('traditional settlement against hand-computed results', () => {
  it('south: đề, đầu, đuôi on ĐB 123456; lô 2 on 56 hits six times; lô 3 on 456 twice; xiên 2 on 11 and 56', () => {
    expect(win('VNS_DE', [[56]], SOUTH)).toBe(9750);
    expect(win('VNS_DE', [[65]], SOUTH)).toBe(0);
    expect(win('VNS_DAU', [[5]], SOUTH)).toBe(975);
    expect(win('VNS_DUOI', [[6]], SOUTH)).toBe(975);
    // 56 ends ĐB, the three G6 numbers, G7 and G8: 6 × 5.4166 × ₱1 = 32.4996 → 3249 centavos.
    expect(win('VNS_LO2', [[56]], SOUTH)).toBe(3249);
    // 456 ends ĐB and G7 (G8 has two digits): 2 × 57.3529 = 114.7058 → 11470.
    expect(win('VNS_LO3', [[456]], SOUTH)).toBe(11470);
    expect(win('VNS_XIEN2', [[11, 56]], SOUTH)).toBe(3734);
    expect(win('VNS_XIEN2', [[10, 56]], SOUTH)).toBe(0);
  });

  it('north: the same bet types over the 27 numbers (đề on ĐB 12345 ends 45)', () => {
    const north = [12345, ...Array<number>(26).fill(0)];
    expect(win('VNN_DE', [[45]], north)).toBe(9750);
    // 00 ends the other 26 numbers: 26 × 3.6111 = 93.8886 → 9388.
    expect(win('VNN_LO2', [[0]], north)).toBe(9388);
  });

  it('Swertres 407: straight pays on the exact order, rambolito on any order of the number’s digits', () => {
    expect(win('P3D_STRAIGHT', [[4], [0], [7]], [4, 0, 7])).toBe(97_500);
    expect(win('P3D_STRAIGHT', [[7], [0], [4]], [4, 0, 7])).toBe(0);
    // 4 numbers (407, 404, 707, 704) at ₱1 each: only 407 wins.
    expect(rule('P3D_STRAIGHT').countCombinations([[4, 7], [0], [7, 4]])).toBe(4);
    expect(win('P3D_STRAIGHT', [[4, 7], [0], [7, 4]], [4, 0, 7])).toBe(97_500);
    expect(win('P3D_RAMBOLITO6', [[7], [4], [0]], [4, 0, 7])).toBe(16_250);
    expect(win('P3D_RAMBOLITO3', [[1], [1], [2]], [2, 1, 1])).toBe(32_500);
    expect(win('P3D_RAMBOLITO3', [[1], [1], [2]], [2, 2, 1])).toBe(0);
  });

  it('a rambolito is sold only on a number its orderings fit (a pair for R3, three different digits for R6)', () => {
    expect(selectionProblem(rule('P3D_RAMBOLITO3'), [[1], [2], [3]])).toBe('too_few');
    expect(selectionProblem(rule('P3D_RAMBOLITO3'), [[1], [1], [1]])).toBe('too_few');
    expect(selectionProblem(rule('P3D_RAMBOLITO6'), [[1], [1], [2]])).toBe('too_few');
    // 1,2 × 1 × 2 → 112 (R3), 212 (R3): both pairs.
    expect(rule('P3D_RAMBOLITO3').combinations([[1, 2], [1], [2]])).toEqual([
      [1, 1, 2],
      [2, 1, 2],
    ]);
  });

  it('Swertres returns exactly its group over all 1,000 results', () => {
    const results: number[][] = [];
    for (let a = 0; a < 10; a += 1)
      for (let b = 0; b < 10; b += 1) for (let c = 0; c < 10; c += 1) results.push([a, b, c]);
    for (const [code, picks] of [
      ['P3D_STRAIGHT', [[1], [2], [3]]],
      ['P3D_RAMBOLITO3', [[1], [1], [2]]],
      ['P3D_RAMBOLITO6', [[1], [2], [3]]],
    ] as const) {
      const paid = results.reduce(
        (sum, result) =>
          sum +
          settleBet(
            rule(code),
            picks.map((row) => [...row]),
            result,
            G,
            10_000,
            1,
          ).winAmount,
        0,
      );
      expect(paid / (results.length * 10_000), code).toBeCloseTo(0.975, 6);
    }
  });

  it('6/42 pick 6: seven numbers make seven tickets; fewer than six numbers are no bet (its tiers: lottery/jackpot.test.ts)', () => {
    expect(rule('P642_PICK6').countCombinations([[4, 12, 19, 27, 33, 41, 42]])).toBe(7);
    expect(selectionProblem(rule('P642_PICK6'), [[1, 2, 3, 4, 5]])).toBe('too_few');
  });
});

describe('result feeds and times as the operator reads them', () => {
  it('a feed is an absolute http(s) address without a fragment', () => {
    expect(feedUrlProblem('https://results.example.com/pcso?x=1')).toBeNull();
    expect(feedUrlProblem('results.example.com/pcso')).toMatch(/absolute URL/);
    expect(feedUrlProblem('ftp://results.example.com/pcso')).toMatch(/only http and https/);
    expect(feedUrlProblem('file:///etc/passwd')).toMatch(/only http and https/);
    expect(feedUrlProblem('https://results.example.com/pcso#today')).toMatch(/fragment/);
    expect(feedUrlProblem(`https://example.com/${'a'.repeat(500)}`)).toMatch(/at most 500/);
  });

  it('shows a feed’s user name, password and secret-looking parameters as ***', () => {
    expect(redactFeedUrl('https://pcso:s3cret@feed.example.com/r?apikey=abc&draw=1&access_token=t&signature=z')).toBe(
      'https://***:***@feed.example.com/r?apikey=***&draw=1&access_token=***&signature=***',
    );
    expect(redactFeedUrl('http://127.0.0.1:7411/pcso/results')).toBe('http://127.0.0.1:7411/pcso/results');
  });

  it('writes a draw time in its game’s zone (Manila for an electronic game)', () => {
    expect(formatLocalTime(drawTimeZone(SWERTRES), at('2026-11-26T13:00:00Z'))).toBe('2026-11-26 21:00 Asia/Manila');
    expect(formatLocalTime(drawTimeZone(NORTH), at('2026-11-26T11:15:00Z'))).toBe('2026-11-26 18:15 Asia/Ho_Chi_Minh');
    expect(drawTimeZone(null)).toBe('Asia/Manila');
  });
});
