import { lotteryPrizeMode, type PrizeMode } from '../../features/lottery/lib/prizeMode';
import { useVendorInfo } from '../../features/games/api/vendors';

/**
 * The lottery's prize mode follows the merchant's game configuration (spec §4 "Prize mode"), which
 * the games feature loads; null until it is known (the menu waits rather than load twice). Features
 * never import each other: the app composes them here. A configuration that fails to load counts as
 * none (lottery, Lott).
 */
export function useLotteryPrizeMode(): PrizeMode | null {
  const vendorInfo = useVendorInfo();
  if (vendorInfo.isPending) return null;
  return lotteryPrizeMode(vendorInfo.data);
}
