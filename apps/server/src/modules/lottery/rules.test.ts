import { describe, expect, it } from 'vitest';
import type { DrawState } from '@palaro/contract';
import {
  awaitsLock,
  chaseStopsAsWon,
  chasesWonIn,
  drawsCancelledByWin,
  isOnSale,
  isPastLockTime,
  isVoidable,
  opensNextTraditionalDraw,
  resultDueAt,
  turnoverByMember,
  winningBetIds,
} from './rules';

// A 1-minute draw as the seeded SSC_1M has it: on sale for 50 s, locked 10 s before its draw.
const opensAt = new Date('2026-12-07T10:00:00.000Z');
const locksAt = new Date('2026-12-07T10:00:50.000Z');
const drawsAt = new Date('2026-12-07T10:01:00.000Z');
const draw = (state: DrawState, id = 1) => ({ id, state, opensAt, locksAt, drawsAt });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('the lock rule', () => {
  it('sells an open draw from its opening to the millisecond before its lock time, and not at it', () => {
    expect(isOnSale(draw('open'), opensAt)).toBe(true);
    expect(isOnSale(draw('open'), at(locksAt, -1))).toBe(true);
    expect(isOnSale(draw('open'), locksAt)).toBe(false);
    expect(isOnSale(draw('open'), at(locksAt, 1))).toBe(false);
    expect(isOnSale(draw('open'), at(opensAt, -1))).toBe(false);
  });

  it('sells no draw that is not open, whatever the time', () => {
    for (const state of ['scheduled', 'locked', 'drawn', 'settled', 'cancelled', 'abnormal'] as const)
      expect(isOnSale(draw(state), at(opensAt, 10_000))).toBe(false);
  });

  it('lets the lock job fix an open or never-opened draw from its lock time on, never before', () => {
    expect(isPastLockTime(draw('open'), at(locksAt, -1))).toBe(false);
    expect(isPastLockTime(draw('open'), locksAt)).toBe(true);
    expect(awaitsLock(draw('open'))).toBe(true);
    expect(awaitsLock(draw('scheduled'))).toBe(true);
    for (const state of ['locked', 'drawn', 'settled', 'cancelled', 'abnormal'] as const)
      expect(awaitsLock(draw(state))).toBe(false);
  });

  it('voids only a draw not drawn yet, or abnormal', () => {
    for (const state of ['scheduled', 'open', 'locked', 'abnormal'] as const)
      expect(isVoidable(draw(state))).toBe(true);
    for (const state of ['drawn', 'settled', 'cancelled'] as const) expect(isVoidable(draw(state))).toBe(false);
  });
});

describe('a traditional game’s draws', () => {
  it('opens the next draw once the latest has its result or was voided, or when there is none', () => {
    expect(opensNextTraditionalDraw(undefined)).toBe(true);
    for (const state of ['drawn', 'settled', 'cancelled'] as const)
      expect(opensNextTraditionalDraw(draw(state))).toBe(true);
    for (const state of ['open', 'locked', 'abnormal', 'scheduled'] as const)
      expect(opensNextTraditionalDraw(draw(state))).toBe(false);
  });

  it('is late its grace period after its draw time', () => {
    expect(resultDueAt({ resultGraceSeconds: 3600 }, { drawsAt })).toEqual(at(drawsAt, 3_600_000));
  });
});

const bet = (id: number, memberId: number, stake: bigint, chaseId: number | null = null, trial = false) => ({
  id,
  memberId,
  trial,
  stake,
  chaseId,
});

describe('stop-after-win', () => {
  it('counts as won only a bet whose win is above 0, and nothing of a voided draw’s refunds', () => {
    const bets = [bet(1, 7, 100n), bet(2, 7, 100n), bet(3, 8, 100n)];
    expect(winningBetIds(bets, [195n, 0n, 1n], false)).toEqual([1, 3]);
    expect(winningBetIds(bets, [100n, 100n, 100n], true)).toEqual([]);
  });

  it('considers each chase once that has a winning bet in the chunk; a chase bet that won 0 stops nothing', () => {
    const bets = [
      bet(1, 7, 100n, 40),
      bet(2, 7, 100n, 40),
      bet(3, 8, 100n, 41),
      bet(4, 9, 100n, null),
      bet(5, 9, 100n, 42),
    ];
    expect(chasesWonIn({ bets, wonBetIds: [1, 2, 4], refunded: false })).toEqual([40]);
    // Bet 3 of chase 41 settled with a win of 0: it is not among the won bets.
    expect(
      chasesWonIn({ bets, wonBetIds: winningBetIds(bets, [0n, 0n, 0n, 0n, 10n], false), refunded: false }),
    ).toEqual([42]);
    expect(chasesWonIn({ bets, wonBetIds: [], refunded: false })).toEqual([]);
    expect(chasesWonIn({ bets, wonBetIds: [1, 3], refunded: true })).toEqual([]);
  });

  it('cancels the chase’s bets on draws still on sale, and lets a draw at its lock time stand', () => {
    const next = { ...draw('open', 2), opensAt: drawsAt, locksAt: at(drawsAt, 50_000) };
    const locked = draw('locked', 1);
    expect(drawsCancelledByWin([locked, next], at(drawsAt, 1)).map((each) => each.id)).toEqual([2]);
    expect(drawsCancelledByWin([next], next.locksAt)).toEqual([]);
    expect(drawsCancelledByWin([], drawsAt)).toEqual([]);
  });

  it('stops an active chase; a finished one only when a bet of it was cancelled', () => {
    expect(chaseStopsAsWon({ state: 'active' }, 0)).toBe(true);
    expect(chaseStopsAsWon({ state: 'active' }, 2)).toBe(true);
    expect(chaseStopsAsWon({ state: 'finished' }, 1)).toBe(true);
    expect(chaseStopsAsWon({ state: 'finished' }, 0)).toBe(false);
  });
});

describe('turnover after settlement', () => {
  it('counts each real member’s whole stakes, won or lost, and no trial member’s', () => {
    const bets = [bet(1, 7, 100n), bet(2, 7, 250n), bet(3, 8, 1000n), bet(4, 9, 500n, null, true)];
    expect(turnoverByMember({ bets, refunded: false })).toEqual(
      new Map([
        [7, 350n],
        [8, 1000n],
      ]),
    );
  });

  it('counts nothing of a voided draw’s refunded stakes', () => {
    expect(turnoverByMember({ bets: [bet(1, 7, 100n)], refunded: true }).size).toBe(0);
  });
});
