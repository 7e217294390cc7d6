import { memberKeys } from '../../../shared/api/queryKeys';

/**
 * The in-house games' query keys, under the member's scope (signing out drops them). A game
 * session is named by its launch token: each launch is a session of its own.
 */
export const inhouseKeys = {
  all: [...memberKeys.all, 'inhouse'] as const,
  session: (launchToken: string) => [...inhouseKeys.all, 'session', launchToken] as const,
  rounds: (sessionToken: string) => [...inhouseKeys.all, 'rounds', sessionToken] as const,
  roundsPage: (sessionToken: string, pageNo: number) => [...inhouseKeys.rounds(sessionToken), pageNo] as const,
  roundDetails: (sessionToken: string) => [...inhouseKeys.all, 'round', sessionToken] as const,
  round: (sessionToken: string, roundId: string) => [...inhouseKeys.roundDetails(sessionToken), roundId] as const,
  /** A round recomputed in this browser from the seeds the player gave. */
  verification: (roundId: string, seeds: { serverSeed: string; clientSeed: string; nonce: number }) =>
    [...inhouseKeys.all, 'verification', roundId, seeds] as const,
};
