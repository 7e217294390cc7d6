import { useCallback } from 'react';
import { useQuery, useQueryClient } from '../../../shared/query/react';
import {
  LOTTERY_API_PATHS,
  type TCancelBetsRequest,
  type TCancelBetsResult,
  type TMyLotteryBets,
  type TPlaceBetsRequest,
  type TPlaceBetsResult,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { lotteryKeys } from './keys';
import { useIdempotentPost, useReloadMine } from './mine';

export const fetchMyLotteryBets = (gameCode: string, signal?: AbortSignal) =>
  apiGet<TMyLotteryBets>(LOTTERY_API_PATHS.myBets, { gameCode, pageNo: 1 }, signal);

/** The member's bets on a game (first page, newest first); none for a visitor. */
export function useMyLotteryBets(userName: string | null, gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.myBetsOn(userName ?? '', gameCode),
    queryFn: ({ signal }) => fetchMyLotteryBets(gameCode, signal),
    enabled: userName !== null,
  });
}

/**
 * Places a slip (money: one Idempotency-Key per attempt, reused after an unknown outcome so a
 * retry never bets twice); the member's bets on the game reload after.
 */
export function usePlaceBets(userName: string | null, gameCode: string) {
  const queryClient = useQueryClient();
  const reloadBets = useCallback(() => {
    if (userName) void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBetsOn(userName, gameCode) });
  }, [queryClient, userName, gameCode]);
  const { run, pending } = useIdempotentPost<TPlaceBetsRequest, TPlaceBetsResult>(
    LOTTERY_API_PATHS.placeBets,
    reloadBets,
  );
  return { place: run, pending };
}

/** Cancels pending bets of draws still on sale; their stakes come back. */
export function useCancelBets(userName: string | null) {
  const { run, pending } = useIdempotentPost<TCancelBetsRequest, TCancelBetsResult>(
    LOTTERY_API_PATHS.cancelBets,
    useReloadMine(userName),
  );
  return { cancel: run, pending };
}
