import { useQueryClient } from '../../../shared/query/react';
import { useMutation } from '../../../shared/query/mutation';
import { INHOUSE_API_PATHS, type TSlotSpinResult } from '@palaro/contract';
import { invalidateWallet } from '../../../shared/wallet/api/balance';
import { gameRequest } from './gameRequest';
import { afterRound } from './rounds';

export function spinSlot(sessionToken: string, bet: number): Promise<TSlotSpinResult> {
  return gameRequest<TSlotSpinResult>('POST', INHOUSE_API_PATHS.slotSpin, sessionToken, { json: { bet } });
}

/** One spin: the round comes back whole (free spins included); the wallet and the round list are stale after it. */
export function useSlotSpin(sessionToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bet: number) => spinSlot(sessionToken, bet),
    onSettled: () => {
      void invalidateWallet(queryClient);
      void afterRound(queryClient, sessionToken);
    },
  });
}
