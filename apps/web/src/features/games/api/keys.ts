import { memberKeys } from '../../../shared/api/queryKeys';
import { languageQueryKey } from '../../../shared/i18n/language';
import type { GameListParams } from './gameList';

/**
 * The games' query keys. The catalogue is public content in the player's language; the member's
 * favourites live under memberKeys, so signing out drops them.
 */
export const gameKeys = {
  list: (params: GameListParams) => languageQueryKey('games', 'list', params),
  vendors: () => languageQueryKey('games', 'vendors'),
  favourites: [...memberKeys.all, 'games', 'favourites'] as const,
  favouriteList: (params: GameListParams) => [...gameKeys.favourites, 'list', params] as const,
  favouriteIds: () => [...gameKeys.favourites, 'ids'] as const,
};
