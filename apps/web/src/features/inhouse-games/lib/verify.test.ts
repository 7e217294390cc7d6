import { describe, expect, it } from 'vitest';
import {
  hashServerSeed,
  mineCellsFromSeeds,
  minesMultiplier,
  minesPayout,
  slotRoundFromSeeds,
  slotWinAmount,
  type TMinesRoundView,
  type TSlotRoundView,
} from '@palaro/contract';
import { minesPayoutFor, verifyMinesRound, verifyRound, verifySlotRound } from './verify';
import { minesRound } from '../test/fixtures';

const serverSeed = '3f'.repeat(32);
const clientSeed = 'lucky-seed';

async function storedSlotRound(nonce: number): Promise<TSlotRoundView> {
  const outcome = await slotRoundFromSeeds({ serverSeed, clientSeed, nonce });
  return {
    roundId: `SLOT-${nonce + 1}`,
    gameCode: 'PLR-INHOUSE-001',
    bet: 2000,
    win: slotWinAmount(2000, outcome.lineBets),
    outcome,
    seeds: { serverSeedHash: await hashServerSeed(serverSeed), clientSeed, nonce, serverSeed },
    settlement: 'settled',
    createdAt: '2026-11-26T05:00:00Z',
  };
}

describe('verifying a slot round in the browser', () => {
  it('matches a round the seeds gave, on every check', async () => {
    const round = await storedSlotRound(5);
    const result = await verifySlotRound(round, { serverSeed, clientSeed, nonce: 5 });
    expect(result.checks.map((check) => [check.name, check.ok])).toEqual([
      ['hash', true],
      ['outcome', true],
      ['payout', true],
    ]);
    expect(result.ok).toBe(true);
    expect(result.slot?.base.stops).toEqual(round.outcome.base.stops);
  });

  it('does not match another nonce, another client seed, a wrong seed or a changed payout', async () => {
    const round = await storedSlotRound(5);
    const otherNonce = await verifySlotRound(round, { serverSeed, clientSeed, nonce: 6 });
    expect(otherNonce.ok).toBe(false);
    expect(otherNonce.checks.find((check) => check.name === 'outcome')?.ok).toBe(false);
    expect(otherNonce.checks.find((check) => check.name === 'hash')?.ok).toBe(true);

    expect((await verifySlotRound(round, { serverSeed, clientSeed: 'other', nonce: 5 })).ok).toBe(false);

    const wrongSeed = await verifySlotRound(round, { serverSeed: '40'.repeat(32), clientSeed, nonce: 5 });
    expect(wrongSeed.checks.find((check) => check.name === 'hash')?.ok).toBe(false);

    const overpaid = await verifySlotRound({ ...round, win: round.win + 100 }, { serverSeed, clientSeed, nonce: 5 });
    expect(overpaid.checks.map((check) => check.ok)).toEqual([true, true, false]);
  });
});

async function storedMinesRound(
  over: Partial<TMinesRoundView>,
  nonce = 2,
): Promise<{ round: TMinesRoundView; mines: number[] }> {
  const mines = await mineCellsFromSeeds({ serverSeed, clientSeed, nonce }, 3);
  const safe = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.includes(cell));
  const base = minesRound({
    seeds: { serverSeedHash: await hashServerSeed(serverSeed), clientSeed, nonce, serverSeed },
    revealed: safe.slice(0, 2),
    status: 'cashed_out',
    multiplier: minesMultiplier(3, 2),
    nextMultiplier: null,
    payout: minesPayout(1000, minesMultiplier(3, 2)),
    mineCells: mines,
  });
  return { round: { ...base, ...over }, mines };
}

describe('verifying a mines round in the browser', () => {
  it('matches a cashed-out round: the same mines, the same payout', async () => {
    const { round } = await storedMinesRound({});
    const result = await verifyMinesRound(round, { serverSeed, clientSeed, nonce: 2 });
    expect(result.ok).toBe(true);
    expect(result.mineCells).toEqual(round.mineCells);
  });

  it('matches a lost round paying nothing, and catches a lost round that claims a payout', async () => {
    const { round, mines } = await storedMinesRound({});
    const lost = { ...round, status: 'lost' as const, revealed: [round.revealed[0]!, mines[0]!], payout: 0 };
    expect((await verifyMinesRound(lost, { serverSeed, clientSeed, nonce: 2 })).ok).toBe(true);
    expect(minesPayoutFor(lost, mines)).toBe(0);
    const claimed = await verifyMinesRound({ ...lost, payout: 500 }, { serverSeed, clientSeed, nonce: 2 });
    expect(claimed.checks.find((check) => check.name === 'payout')?.ok).toBe(false);
  });

  it('does not match when the stored mines are not the ones the seeds place', async () => {
    const { round } = await storedMinesRound({});
    const moved = { ...round, mineCells: round.mineCells!.map((cell) => (cell + 1) % 25) };
    const result = await verifyRound({ slot: null, mines: moved }, { serverSeed, clientSeed, nonce: 2 });
    expect(result?.ok).toBe(false);
    expect(result?.checks.find((check) => check.name === 'outcome')?.ok).toBe(false);
  });
});
