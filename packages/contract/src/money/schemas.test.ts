import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZProviderBalance } from '../game-wallet/schemas';
import { ZGameListQuery, ZVendorUpdate } from '../games/schemas';
import { ZInhouseSession } from '../inhouse/schemas';
import { ZGameSettingsChange, ZLotteryBet } from '../lottery/schemas';
import { ZDepositRequest } from '../wallet/schemas/wallet';

/*
 * One ZCentavos (./schemas.ts) replaced the areas' own amount schemas, each with its bounds. Every
 * field below is checked against the definition it had before, written out here, on the edges of
 * its bounds and on arbitrary input: it must accept, refuse and coerce exactly as it did.
 */
const BEFORE = {
  gameMinBet: z.coerce.number().int().min(1).max(100_000_00),
  lotteryAmount: z.number().int().min(0),
  lotteryOperatorLimit: z.number().int().min(1).max(1_000_000_000_000),
  inhouseAmount: z.number().int(),
  gameWalletAmount: z.number().int(),
  walletRequestAmount: z.number().int().positive().max(100_000_000_000),
};

/** Each use: the field's schema before, and how to parse a value through the schema that holds it now. */
const USES: { name: string; before: z.ZodType; now: (value: unknown) => z.ZodSafeParseResult<unknown> }[] = [
  {
    name: 'a game list query minBet',
    // Optional in the query, then and now; in the operator's changes an empty change is refused.
    before: BEFORE.gameMinBet.optional(),
    now: (value) => pick(ZGameListQuery.safeParse({ minBet: value }), 'minBet'),
  },
  {
    name: "an operator's vendor minBet",
    before: BEFORE.gameMinBet,
    now: (value) => pick(ZVendorUpdate.safeParse({ minBet: value }), 'minBet'),
  },
  {
    name: 'a lottery bet stake',
    before: BEFORE.lotteryAmount,
    now: (value) => pick(ZLotteryBet.shape.stake.safeParse(value)),
  },
  {
    name: "a lottery game's stake limit change",
    before: BEFORE.lotteryOperatorLimit,
    now: (value) => pick(ZGameSettingsChange.safeParse({ maxBetStake: value }), 'maxBetStake'),
  },
  {
    name: 'an in-house session balance',
    before: BEFORE.inhouseAmount,
    now: (value) => pick(ZInhouseSession.shape.balance.safeParse(value)),
  },
  {
    name: "a provider's balance",
    before: BEFORE.gameWalletAmount,
    now: (value) => pick(ZProviderBalance.shape.balance.safeParse(value)),
  },
  {
    name: 'a deposit amount',
    before: BEFORE.walletRequestAmount,
    now: (value) => pick(ZDepositRequest.shape.amount.safeParse(value)),
  },
];

function pick(result: z.ZodSafeParseResult<unknown>, field?: string): z.ZodSafeParseResult<unknown> {
  if (!result.success || field === undefined) return result;
  return { success: true, data: (result.data as Record<string, unknown>)[field] } as z.ZodSafeParseResult<unknown>;
}

const EDGES: unknown[] = [
  -1,
  0,
  1,
  1.5,
  100,
  99_999_99,
  100_000_00,
  100_000_01,
  100_000_000_000,
  100_000_000_001,
  1_000_000_000_000,
  1_000_000_000_001,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  NaN,
  Infinity,
  -Infinity,
  '0',
  '1',
  '500',
  '1.5',
  '-5',
  'abc',
  '',
  ' 7 ',
  true,
  null,
  [],
  {},
  { toString: 0 },
];

function sameAnswer(use: (typeof USES)[number], value: unknown) {
  const before = use.before.safeParse(value);
  const now = use.now(value);
  // fc.stringify, not String: arbitrary input includes objects such as { toString: 0 } that String throws on.
  const label = `${use.name}: ${fc.stringify(value)}`;
  expect(now.success, label).toBe(before.success);
  if (before.success) expect(now.data, label).toEqual(before.data);
}

describe('every amount field accepts, refuses and coerces as before one ZCentavos', () => {
  for (const use of USES) {
    it(use.name, () => {
      for (const value of EDGES) sameAnswer(use, value);
      fc.assert(
        fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double(), fc.string(), fc.anything()), (value) =>
          sameAnswer(use, value),
        ),
      );
    });
  }
});
