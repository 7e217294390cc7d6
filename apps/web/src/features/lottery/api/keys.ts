import type { Language } from '@palaro/contract';
import { memberKeys } from '../../../shared/api/queryKeys';
import type { PrizeMode } from '../lib/prizeMode';

/** The draws, results and winner board: the same for every player. */
const PUBLIC = ['lottery'] as const;
/**
 * What depends on who is signed in (a game's odds at the member's prize group, the member's bets and
 * chases): under the member's scope, so signing out forgets it.
 */
const MINE = [...memberKeys.all, 'lottery'] as const;
const GAMES = [...MINE, 'game'] as const;
const MY_BETS = [...MINE, 'bets'] as const;
const MY_CHASES = [...MINE, 'chases'] as const;
const WINNERS = [...PUBLIC, 'winners'] as const;

/** The lottery's query keys. */
export const lotteryKeys = {
  menu: (prizeMode: PrizeMode, language: Language) => [...PUBLIC, 'menu', prizeMode, language] as const,
  results: (gameCode: string) => [...PUBLIC, 'results', gameCode] as const,
  verify: (gameCode: string, numero: string) => [...PUBLIC, 'verify', gameCode, numero] as const,
  /** Every winner board (a settled draw changes them all). */
  winners: WINNERS,
  winnersOf: (gameCode: string | null, language: Language) => [...WINNERS, gameCode ?? '', language] as const,
  /** One game's detail in every language and for whoever asked (a draw event updates them all). */
  gameAll: (gameCode: string) => [...GAMES, gameCode] as const,
  game: (gameCode: string, userName: string | null, language: Language) =>
    [...GAMES, gameCode, userName ?? '', language] as const,
  /** Every cached list of bets, of any member and game. */
  myBets: MY_BETS,
  myBetsOf: (userName: string) => [...MY_BETS, userName] as const,
  myBetsOn: (userName: string, gameCode: string) => [...MY_BETS, userName, gameCode] as const,
  myChases: MY_CHASES,
  myChasesOf: (userName: string) => [...MY_CHASES, userName] as const,
  myChasesOn: (userName: string, gameCode: string) => [...MY_CHASES, userName, gameCode] as const,
};
