import { useMutation } from '../../../shared/query/mutation';
import { INHOUSE_API_PATHS, type TFairnessState, type TSeedRotation } from '@palaro/contract';
import { gameRequest } from './gameRequest';

export function setClientSeed(sessionToken: string, clientSeed: string): Promise<TFairnessState> {
  return gameRequest<TFairnessState>('PUT', INHOUSE_API_PATHS.clientSeed, sessionToken, { json: { clientSeed } });
}

/** Reveals the server seed in use (its rounds become verifiable) and commits to a new one. */
export function rotateSeed(sessionToken: string, clientSeed?: string): Promise<TSeedRotation> {
  return gameRequest<TSeedRotation>('POST', INHOUSE_API_PATHS.rotateSeed, sessionToken, {
    json: clientSeed ? { clientSeed } : {},
  });
}

export function useSetClientSeed(sessionToken: string) {
  return useMutation({ mutationFn: (clientSeed: string) => setClientSeed(sessionToken, clientSeed) });
}

export function useRotateSeed(sessionToken: string) {
  return useMutation({ mutationFn: (clientSeed?: string) => rotateSeed(sessionToken, clientSeed) });
}
