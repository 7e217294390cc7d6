import { LOTTERY_API_PATHS, type TLotteryLaunch, type TLotteryLaunchQuery } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';

/** Spec §7 lottery launch → value.gameUrl. */
export function fetchLotteryLaunch(query: TLotteryLaunchQuery): Promise<TLotteryLaunch> {
  return apiGet<TLotteryLaunch>(LOTTERY_API_PATHS.launch, { ...query });
}
