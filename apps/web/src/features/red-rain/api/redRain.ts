import { RED_RAIN_API_PATHS, type TRedRainGrab, type TRedRainPage, type TRedRainResult } from '@palaro/contract';
import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';
import { apiGet, apiPost } from '../../../shared/api/client';
import { queryOptions, useQuery } from '../../../shared/query/react';

export const redRainKeys = {
  page: [MEMBER_SCOPE, 'red-rain'] as const,
  result: (id: number) => [MEMBER_SCOPE, 'red-rain', 'result', id] as const,
};

const withId = (template: string, id: number) => template.replace(':id', String(id));

/** The page with how far the server's clock is ahead of the phone's, measured when it arrived. */
export type RedRainPageRead = TRedRainPage & { clockOffsetMs: number };

async function fetchRedRain(signal?: AbortSignal): Promise<RedRainPageRead> {
  const page = await apiGet<TRedRainPage>(RED_RAIN_API_PATHS.redRain, undefined, signal);
  return { ...page, clockOffsetMs: Date.parse(page.serverTime) - Date.now() };
}

/** How soon to read the events again: every few seconds while it rains, at the start of the next one. */
function nextReadMs(page: RedRainPageRead | undefined): number | false {
  if (!page || page.events.length === 0) return 60_000;
  if (page.events.some((event) => event.status === 'live')) return 4_000;
  const untilStart = Math.min(
    ...page.events.map((event) => Date.parse(event.startsAt) - (Date.now() + page.clockOffsetMs)),
  );
  return Math.min(30_000, Math.max(500, untilStart + 300));
}

export function useRedRain() {
  return useQuery(
    queryOptions({
      queryKey: redRainKeys.page,
      queryFn: ({ signal }) => fetchRedRain(signal),
      staleTime: 0,
      refetchInterval: (query) => nextReadMs(query.state.data as RedRainPageRead | undefined),
    }),
  );
}

export function useRedRainResult(id: number) {
  return useQuery(
    queryOptions({
      queryKey: redRainKeys.result(id),
      queryFn: ({ signal }) => apiGet<TRedRainResult>(withId(RED_RAIN_API_PATHS.redRainResult, id), undefined, signal),
      staleTime: 0,
    }),
  );
}

export const grabEnvelope = (id: number) => apiPost<TRedRainGrab>(withId(RED_RAIN_API_PATHS.redRainGrab, id));
