import { useCallback, useState } from 'react';
import { useQuery } from '../../../shared/query/react';
import {
  LOTTERY_API_PATHS,
  lotteryChasePath,
  type TChase,
  type TChaseRequest,
  type TChaseResult,
  type TMyChases,
} from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { lotteryKeys } from './keys';
import { useIdempotentPost, useReloadMine } from './mine';

export const fetchMyChases = (gameCode: string, signal?: AbortSignal) =>
  apiGet<TMyChases>(LOTTERY_API_PATHS.myChases, { gameCode, pageNo: 1 }, signal);

/** The member's chases on a game with each draw's state (first page, newest first). */
export function useMyChases(userName: string | null, gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.myChasesOn(userName ?? '', gameCode),
    queryFn: ({ signal }) => fetchMyChases(gameCode, signal),
    enabled: userName !== null,
  });
}

/** Chases a slip on the draw on sale and the next ones (money: the first draw is debited now). */
export function useCreateChase(userName: string | null) {
  const { run, pending } = useIdempotentPost<TChaseRequest, TChaseResult>(
    LOTTERY_API_PATHS.createChase,
    useReloadMine(userName),
  );
  return { chase: run, pending };
}

export const cancelChase = (chaseId: string) =>
  apiPost<TChase>(lotteryChasePath(LOTTERY_API_PATHS.cancelChase, chaseId));

/** Cancels a chase's draws not debited yet (no money moves: nothing of them was taken). */
export function useCancelChase(userName: string | null) {
  const reload = useReloadMine(userName);
  const [pending, setPending] = useState(false);
  const cancel = useCallback(
    async (chaseId: string) => {
      setPending(true);
      try {
        return await cancelChase(chaseId);
      } finally {
        setPending(false);
        reload();
      }
    },
    [reload],
  );
  return { cancel, pending };
}
