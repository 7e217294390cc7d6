import type { PRIZE_MODES, TVendorInfo } from '@palaro/contract';

export type PrizeMode = (typeof PRIZE_MODES)[number];

/**
 * Spec §4 "Prize mode": electronic lottery (Elott) when the merchant's configuration has an ELOTT
 * entry (TCG_LOTTO_VN's or the LOTT category's electronic games; Palaro's own are listed there),
 * else lottery (Lott). An ELOTT category without a single vendor is no entry.
 */
export function lotteryPrizeMode(info: Pick<TVendorInfo, 'sorting'> | undefined): PrizeMode {
  const elott = info?.sorting.find((entry) => entry.gameCategory === 'ELOTT');
  return elott && elott.vendorNames.length > 0 ? 'Elott' : 'Lott';
}
