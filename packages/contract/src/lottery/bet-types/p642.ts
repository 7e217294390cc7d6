/** PCSO Lotto 6/42: the jackpot and the fixed prizes of 5, 4 and 3 of six. */
import { P642_FIXED_PRIZES, P642_TICKET } from '../jackpot';
import { binomial, fraction, ODDS_SCALE, type RuleDraft, subsetRule } from './kit';

/** C(42, 6): the 6/42 jackpot is 1 in 5,245,786. */
export const P642_DRAWS = binomial(42, 6);

/** Combinations of six (of 42) matching exactly `k` of the six drawn: C(6, k) × C(36, 6 − k). */
const p642Matching = (k: number) => fraction(binomial(6, k) * binomial(36, 6 - k), P642_DRAWS);
/** A fixed prize per ₱20 ticket as odds per unit (₱24,000 per ₱20 → 1,200×). */
const p642Odds = (prize: number) => (prize * ODDS_SCALE) / P642_TICKET;

/**
 * PCSO Lotto 6/42: each combination of six picked numbers is a ticket. 6 of 6 shares the jackpot;
 * 5, 4 and 3 of 6 pay PCSO's fixed prizes per ₱20 staked (lottery/jackpot.ts).
 */
export const P642_RULES: RuleDraft[] = [
  {
    ...subsetRule(
      {
        code: 'P642_PICK6',
        family: 'P642',
        name: 'Pick 6',
        wins: '6 of 6: the jackpot, shared by its winners; 5, 4 or 3 of 6: ₱24,000, ₱800 or ₱20 per ₱20',
        rows: [{ label: 'Numbers', min: 1, max: 42 }],
        maxPicks: 12,
        probability: () => p642Matching(6),
        hits: (result, combination) => Number(combination.every((number) => result.includes(number))),
      },
      6,
    ),
    tiers: {
      matched: (result, combination) => combination.filter((number) => result.includes(number)).length,
      list: [
        { matches: 6, odds: null, probability: p642Matching(6) },
        ...([5, 4, 3] as const).map((matches) => ({
          matches,
          odds: p642Odds(P642_FIXED_PRIZES[matches]),
          probability: p642Matching(matches),
        })),
      ],
    },
  },
];
