import { useQueryClient } from '../../../shared/query/react';
import { useMutation } from '../../../shared/query/mutation';
import { INHOUSE_API_PATHS, type TMinesResult } from '@palaro/contract';
import { invalidateWallet } from '../../../shared/wallet/api/balance';
import { gameRequest } from './gameRequest';
import { afterRound } from './rounds';

export type MinesAction =
  { kind: 'start'; bet: number; mines: number } | { kind: 'reveal'; cell: number } | { kind: 'cashout' };

/** Starts a round (the bet is taken), reveals a cell, or cashes out: each answers the round as it now is. */
export function playMines(sessionToken: string, action: MinesAction): Promise<TMinesResult> {
  switch (action.kind) {
    case 'start':
      return gameRequest<TMinesResult>('POST', INHOUSE_API_PATHS.minesStart, sessionToken, {
        json: { bet: action.bet, mines: action.mines },
      });
    case 'reveal':
      return gameRequest<TMinesResult>('POST', INHOUSE_API_PATHS.minesReveal, sessionToken, {
        json: { cell: action.cell },
      });
    case 'cashout':
      return gameRequest<TMinesResult>('POST', INHOUSE_API_PATHS.minesCashout, sessionToken, { json: {} });
  }
}

export function useMinesAction(sessionToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MinesAction) => playMines(sessionToken, action),
    onSettled: (result, _error, action) => {
      // Money moves when the bet is taken and when a round ends (cash-out, or nothing on a mine).
      if (action.kind !== 'reveal' || result?.round.status !== 'open') {
        void invalidateWallet(queryClient);
        void afterRound(queryClient, sessionToken);
      }
    },
  });
}
