import { useQuery } from '../../../shared/query/react';
import { LOTTERY_API_PATHS, lotteryGamePath, type TLotteryVerification } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { lotteryKeys } from './keys';

export const fetchDrawVerification = (gameCode: string, numero: string, signal?: AbortSignal) =>
  apiGet<TLotteryVerification>(lotteryGamePath(LOTTERY_API_PATHS.verify, gameCode, numero), undefined, signal);

/** A drawn draw's seeds and proof; they never change once drawn. */
export function useDrawVerification(gameCode: string, numero: string | null) {
  return useQuery({
    queryKey: lotteryKeys.verify(gameCode, numero ?? ''),
    queryFn: ({ signal }) => fetchDrawVerification(gameCode, numero!, signal),
    enabled: numero !== null,
    staleTime: Infinity,
  });
}
