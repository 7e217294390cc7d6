import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { INHOUSE_API_PATHS, INHOUSE_ERROR_CODES, type TFairnessState, type TInhouseSession } from '@palaro/contract';
import { ApiError, apiPost } from '../../../shared/api/client';
import { readSession, writeSession } from '../../../shared/lib/storage';
import { gameRequest } from './gameRequest';
import { inhouseKeys } from './keys';

const SESSION_STORE_PREFIX = 'palaro.inhouse.session.';

/**
 * Opens the game: a page reloaded with the same launch link finds its session again (kept in this
 * tab's session storage), so an open mines round comes back; otherwise the launch token opens a new
 * session. A kept session the server no longer knows is replaced by a new one.
 */
export async function openGameSession(launchToken: string, signal?: AbortSignal): Promise<TInhouseSession> {
  const storeKey = SESSION_STORE_PREFIX + launchToken;
  const kept = readSession(storeKey);
  if (kept) {
    try {
      return await gameRequest<TInhouseSession>('GET', INHOUSE_API_PATHS.session, kept, { signal });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== INHOUSE_ERROR_CODES.sessionInvalid) throw error;
    }
  }
  const session = await apiPost<TInhouseSession>(
    INHOUSE_API_PATHS.openSession,
    { launchToken },
    { signal, ignoreSessionLost: true },
  );
  writeSession(storeKey, session.sessionToken);
  return session;
}

export function gameSessionQueryOptions(launchToken: string) {
  return queryOptions({
    queryKey: inhouseKeys.session(launchToken),
    queryFn: ({ signal }) => openGameSession(launchToken, signal),
    staleTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
  });
}

export function useGameSession(launchToken: string | null) {
  return useQuery({ ...gameSessionQueryOptions(launchToken ?? ''), enabled: Boolean(launchToken) });
}

/** A round or a seed change answered with the balance and fairness now: the session shows them at once. */
export function updateGameSession(
  queryClient: QueryClient,
  launchToken: string,
  change: { balance?: number | null; fairness?: TFairnessState },
): void {
  queryClient.setQueryData<TInhouseSession>(
    inhouseKeys.session(launchToken),
    (old) =>
      old && {
        ...old,
        balance: change.balance ?? old.balance,
        fairness: change.fairness ?? old.fairness,
      },
  );
}
