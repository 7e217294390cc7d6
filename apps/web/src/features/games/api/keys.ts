import { memberKeys } from '../../../shared/api/queryKeys';
import { languageQueryKey } from '../../../shared/i18n/language';
import type { GameCategory } from '@palaro/contract';
import type { GameListParams } from './gameListPage';
import type { RecentsParams } from './recents';
import type { LaunchRequest } from '../lib/launchRequest';
import type { Language } from '@palaro/contract';

/**
 * The games' query keys. The catalogue is public content in the player's language; the member's
 * favourites and recents live under memberKeys, so signing out drops them.
 */
export const gameKeys = {
  list: (params: GameListParams) => languageQueryKey('games', 'list', params),
  vendors: () => languageQueryKey('games', 'vendors'),
  /** Home's blocks: fetched in the language of the moment, reloaded by a language change after its debounce. */
  hotGames: () => languageQueryKey('games', 'hot'),
  categoryPreview: (gameType: GameCategory) => languageQueryKey('games', 'preview', gameType),
  hotMatches: () => languageQueryKey('games', 'hot-matches'),
  types: () => languageQueryKey('games', 'types'),
  favourites: [...memberKeys.all, 'games', 'favourites'] as const,
  favouriteList: (params: GameListParams) => [...gameKeys.favourites, 'list', params] as const,
  favouriteIds: () => [...gameKeys.favourites, 'ids'] as const,
  /** Launching a game adds it to the recents: kept under memberKeys, asked afresh on each visit. */
  recents: (params: RecentsParams) => [...memberKeys.all, 'games', 'recents', params] as const,
  launch: (params: LaunchRequest['params'], language: Language) =>
    [...memberKeys.all, 'games', 'launch', params, language] as const,
};
