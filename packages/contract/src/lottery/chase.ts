import type { Centavos } from '../money/rules';
import { MAX_MULTIPLIER } from './bet-types';
import { nextDrawSlot, type DrawSlot } from './schedule';
import { scheduledDrawAfter, scheduledNumero, type LotterySchedule } from './traditional';

/**
 * Chasing arithmetic shared by the server and the betting screen (docs/LOTTERY.md "Chasing"): the
 * draws a chase covers, the multiplier of each, and what each draw debits when it opens.
 */

/** The chase's draws: the first (the one on sale) and the next draws of the game's schedule, one per multiplier. */
export function chaseSlots(
  intervalSeconds: number,
  lockTimeSeconds: number,
  first: DrawSlot,
  count: number,
): DrawSlot[] {
  const slots = [first];
  while (slots.length < count) slots.push(nextDrawSlot(intervalSeconds, lockTimeSeconds, slots[slots.length - 1]!));
  return slots;
}

/**
 * The numero and draw time of each draw a chase covers, for any game: an electronic game's next
 * interval slots, or a traditional game's next official draws (its schedule's local times).
 */
export function chaseDraws(
  game: { intervalSeconds: number; lockSeconds: number; schedule: LotterySchedule | null },
  firstDrawsAt: number,
  count: number,
): { numero: string; drawsAt: number }[] {
  const { schedule } = game;
  if (!schedule) {
    const first = nextDrawSlot(game.intervalSeconds, game.lockSeconds, {
      numero: '',
      opensAt: 0,
      locksAt: 0,
      drawsAt: firstDrawsAt - game.intervalSeconds * 1000,
    });
    return chaseSlots(game.intervalSeconds, game.lockSeconds, first, count).map(({ numero, drawsAt }) => ({
      numero,
      drawsAt,
    }));
  }
  const draws = [{ numero: scheduledNumero(schedule, firstDrawsAt), drawsAt: firstDrawsAt }];
  while (draws.length < count) {
    const drawsAt = scheduledDrawAfter(schedule, draws[draws.length - 1]!.drawsAt);
    draws.push({ numero: scheduledNumero(schedule, drawsAt), drawsAt });
  }
  return draws;
}

/**
 * A multiplier progression: `start` for the first draws, multiplied by `factor` every `every` draws,
 * never above MAX_MULTIPLIER (start 1, factor 2, every 2 → 1, 1, 2, 2, 4, 4…). Factor 1: flat.
 */
export function chaseMultipliers(options: {
  draws: number;
  start?: number;
  factor?: number;
  every?: number;
}): number[] {
  const { draws, start = 1, factor = 1, every = 1 } = options;
  const multipliers: number[] = [];
  let current = start;
  for (let index = 0; index < draws; index += 1) {
    if (index > 0 && index % every === 0) current = Math.min(MAX_MULTIPLIER, current * factor);
    multipliers.push(current);
  }
  return multipliers;
}

/** One draw's debit: the slip's stake (every bet at its own multiplier) times the draw's multiplier; bigint on the server. */
export function chaseDrawStake<T extends Centavos>(slipStake: T, drawMultiplier: number): T {
  if (typeof slipStake === 'bigint') return (slipStake * BigInt(drawMultiplier)) as T;
  return ((slipStake as number) * drawMultiplier) as T;
}

/** Everything the chase would debit if every draw is placed. */
export function chaseTotal(slipStake: number, multipliers: readonly number[]): number {
  return multipliers.reduce((sum, multiplier) => sum + chaseDrawStake(slipStake, multiplier), 0);
}
