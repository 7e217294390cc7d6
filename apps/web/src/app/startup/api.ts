import { useQuery } from '../../shared/query/react';
import { SYSTEM_API_PATHS, type Language, type TStartupResponse } from '@palaro/contract';
import { ApiError, apiGet } from '../../shared/api/client';
import { languageQueryKey, useLanguage } from '../../shared/i18n/language';

function isStartupResponse(value: unknown): value is TStartupResponse {
  return typeof value === 'object' && value !== null && 'startup' in value;
}

export async function fetchStartup(language: Language, signal?: AbortSignal): Promise<TStartupResponse> {
  try {
    return await apiGet<TStartupResponse>(SYSTEM_API_PATHS.startup, { language }, signal);
  } catch (error) {
    // A blocked start-up may come as a failure envelope (503 maintenance, 403 region) carrying the result.
    if (error instanceof ApiError && isStartupResponse(error.value)) return error.value;
    throw error;
  }
}

export function useStartupQuery() {
  const { contentLanguage } = useLanguage();
  return useQuery({
    queryKey: languageQueryKey('startup'),
    queryFn: ({ signal }) => fetchStartup(contentLanguage(), signal),
    staleTime: 5 * 60_000,
  });
}
