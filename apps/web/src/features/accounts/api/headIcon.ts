import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import { type ProfileAvatar, type THeadIcon, PROFILE_API_PATHS } from '@palaro/contract';
import { apiGet, apiPostForm, apiRequest } from '../../../shared/api/client';
import { accountKeys } from './keys';

export const fetchHeadIcon = (signal?: AbortSignal) => apiGet<THeadIcon>(PROFILE_API_PATHS.headIcon, undefined, signal);

export const headIconQueryOptions = queryOptions({
  queryKey: accountKeys.headIcon,
  queryFn: ({ signal }) => fetchHeadIcon(signal),
  staleTime: 5 * 60_000,
});

export function useHeadIcon(enabled: boolean) {
  return useQuery({ ...headIconQueryOptions, enabled });
}

/** Spec §7: the head icon is set by a form-urlencoded POST. */
export const chooseAvatar = (avatar: ProfileAvatar) => apiPostForm<THeadIcon>(PROFILE_API_PATHS.headIcon, { avatar });

/** A picture's raw bytes; the server checks them and keeps a small square WebP. */
export const uploadHeadIcon = (file: Blob) => apiRequest<THeadIcon>('POST', PROFILE_API_PATHS.headIconImage, { file });

export function afterHeadIconChanged(queryClient: QueryClient, icon: THeadIcon): void {
  queryClient.setQueryData(accountKeys.headIcon, icon);
}

/** Where the icon's picture is: one of the avatars we draw (served with the media), or the member's upload. */
export function headIconUrl(icon: THeadIcon): string {
  return icon.kind === 'avatar' ? avatarUrl(icon.avatar) : `${PROFILE_API_PATHS.headIconImage}?v=${icon.version}`;
}

export const avatarUrl = (avatar: ProfileAvatar) => `/media/avatars/${avatar}.svg`;
