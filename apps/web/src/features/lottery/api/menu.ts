import { queryOptions, useQuery } from '../../../shared/query/react';
import { LOTTERY_API_PATHS, type Language, type TLotteryMenu } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import type { PrizeMode } from '../lib/prizeMode';
import { lotteryKeys } from './keys';
import { timed } from './timed';

export const fetchLotteryMenu = (prizeMode: PrizeMode, language: Language, signal?: AbortSignal) =>
  apiGet<TLotteryMenu>(LOTTERY_API_PATHS.menu, { prizeMode, device: 'MOBILE', language }, signal);

/** The menu (spec §7 lottery menu: prizeMode, device MOBILE, language). It reloads on the §4 refresh timer, not on focus. */
export function menuQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.menu(prizeMode, language),
    queryFn: ({ signal }) => timed(() => fetchLotteryMenu(prizeMode, language, signal)),
  });
}

/** The menu once the prize mode is known (null: not yet). */
export function useLotteryMenu(prizeMode: PrizeMode | null) {
  const { language } = useLanguage();
  return useQuery({ ...menuQueryOptions(prizeMode ?? 'Lott', language), enabled: prizeMode !== null });
}
