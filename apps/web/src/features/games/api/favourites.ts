import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { GAME_API_PATHS, type TFavouriteIds, type TFavouritesPage } from '@palaro/contract';
import { apiDelete, apiGet, apiPost } from '../../../shared/api/client';
import { gameKeys } from './keys';

/** Every favourite's id comes with any page of favourites; one game is the smallest page. */
export async function fetchFavouriteIds(signal?: AbortSignal): Promise<TFavouriteIds> {
  const page = await apiGet<TFavouritesPage>(GAME_API_PATHS.favourites, { pageNo: 1, pageSize: 1 }, signal);
  return { ids: page.ids };
}

export function favouriteIdsQueryOptions() {
  return queryOptions({ queryKey: gameKeys.favouriteIds(), queryFn: ({ signal }) => fetchFavouriteIds(signal) });
}

/** The member's favourite ids; nothing is asked for a guest. */
export function useFavouriteIds(signedIn: boolean) {
  return useQuery({ ...favouriteIdsQueryOptions(), enabled: signedIn, select: (data) => new Set(data.ids) });
}

export interface FavouriteChange {
  nodeId: number;
  vendor: string;
  favourite: boolean;
}

export function changeFavourite({ nodeId, vendor, favourite }: FavouriteChange): Promise<TFavouriteIds> {
  return favourite
    ? apiPost<TFavouriteIds>(GAME_API_PATHS.favourites, { nodeId, vendor })
    : apiDelete<TFavouriteIds>(GAME_API_PATHS.favourites, { params: { nodeId, vendor } });
}

/** The favourites list is asked again after a change; the ids come with the change's answer. */
export function refreshFavourites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...gameKeys.favourites, 'list'] });
}

/**
 * Adds or removes a favourite at once on screen (optimistic): an older answer in flight is dropped,
 * the server's answer replaces the guess, a refusal puts the star back and is passed to `onError`,
 * and the favourites list is asked again either way. A plain call rather than a mutation hook: no
 * screen shows its progress, and home's tiles need not load the mutation code for it.
 */
export function useChangeFavourite() {
  const queryClient = useQueryClient();
  return useCallback(
    async (change: FavouriteChange, onError: (error: Error) => void) => {
      const key = gameKeys.favouriteIds();
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TFavouriteIds>(key);
      const others = (before?.ids ?? []).filter((id) => id !== change.nodeId);
      queryClient.setQueryData<TFavouriteIds>(key, { ids: change.favourite ? [change.nodeId, ...others] : others });
      try {
        queryClient.setQueryData(key, await changeFavourite(change));
      } catch (error) {
        if (before) queryClient.setQueryData(key, before);
        onError(error as Error);
      } finally {
        void refreshFavourites(queryClient);
      }
    },
    [queryClient],
  );
}
