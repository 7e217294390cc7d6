import {
  GAME_API_PATHS,
  GAME_CLIENT_TYPE,
  GAME_PLATFORM,
  LIMITS,
  type GameCategory,
  type Language,
  type TGameListPage,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';

// The list call on its own: home's popular-games block asks for a first page without the list
// screen's infinite query (whose code would come with it).

/** What the list screen filters by: everything but the page. */
export interface GameListParams {
  gameType: GameCategory;
  /** ALL, HOT, NEW (RNG only) or FAV (members). */
  gameClassify: string;
  /** A vendor's code, or undefined for every vendor. */
  vassalage?: string;
  gameName?: string;
  /** Centavos: games whose minimum bet is this (RNG only). */
  minBet?: number;
  language: Language;
}

export function fetchGameList(params: GameListParams, pageNo: number, signal?: AbortSignal): Promise<TGameListPage> {
  return apiGet<TGameListPage>(
    GAME_API_PATHS.games,
    {
      ...params,
      pageNo,
      pageSize: LIMITS.gamePageSize,
      platform: GAME_PLATFORM,
      clientType: GAME_CLIENT_TYPE,
    },
    signal,
  );
}
