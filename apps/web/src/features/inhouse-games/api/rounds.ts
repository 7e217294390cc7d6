import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import {
  INHOUSE_API_PATHS,
  inhouseRoundPath,
  type TInhouseRoundDetail,
  type TInhouseRoundPage,
} from '@palaro/contract';
import { verifyRound, type VerifyInput } from '../lib/verify';
import { gameRequest } from './gameRequest';
import { inhouseKeys } from './keys';

export function fetchRounds(sessionToken: string, pageNo: number, signal?: AbortSignal): Promise<TInhouseRoundPage> {
  return gameRequest<TInhouseRoundPage>('GET', INHOUSE_API_PATHS.rounds, sessionToken, { params: { pageNo }, signal });
}

export function roundsQueryOptions(sessionToken: string, pageNo: number) {
  return queryOptions({
    queryKey: inhouseKeys.roundsPage(sessionToken, pageNo),
    queryFn: ({ signal }) => fetchRounds(sessionToken, pageNo, signal),
    staleTime: 0,
  });
}

/** This player's rounds of this game, newest first, a page at a time. */
export function useRounds(sessionToken: string, pageNo: number) {
  return useQuery(roundsQueryOptions(sessionToken, pageNo));
}

export function fetchRound(sessionToken: string, roundId: string, signal?: AbortSignal): Promise<TInhouseRoundDetail> {
  return gameRequest<TInhouseRoundDetail>('GET', inhouseRoundPath(roundId), sessionToken, { signal });
}

/** One round with its seeds (the server seed once revealed): what the verify screen recomputes. */
export function useRound(sessionToken: string, roundId: string | null) {
  return useQuery({
    queryKey: inhouseKeys.round(sessionToken, roundId ?? ''),
    queryFn: ({ signal }) => fetchRound(sessionToken, roundId!, signal),
    enabled: roundId !== null,
    staleTime: 0,
  });
}

/** A round was played or ended, or a seed was revealed: the list and the rounds' details are stale. */
export function afterRound(queryClient: QueryClient, sessionToken: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: inhouseKeys.rounds(sessionToken) }),
    queryClient.invalidateQueries({ queryKey: inhouseKeys.roundDetails(sessionToken) }),
  ]).then(() => undefined);
}

/**
 * A round recomputed in this browser (the contract's functions on WebCrypto) from the seeds the
 * player submitted; kept per seeds, so going back to seeds already tried answers at once.
 */
export function useVerification(detail: TInhouseRoundDetail, roundId: string, seeds: VerifyInput | null) {
  return useQuery({
    queryKey: inhouseKeys.verification(roundId, seeds ?? { serverSeed: '', clientSeed: '', nonce: 0 }),
    queryFn: () => verifyRound(detail, seeds!),
    enabled: seeds !== null,
    staleTime: Infinity,
    retry: false,
  });
}
