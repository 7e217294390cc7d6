import { useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import {
  LOTTERY_API_PATHS,
  lotteryGamePath,
  type Language,
  type TLotteryDraw,
  type TLotteryGameDetail,
} from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { withDraw } from '../lib/drawEvent';
import { lotteryKeys } from './keys';
import { timed, type Timed } from './timed';

export const fetchLotteryGame = (gameCode: string, language: Language, signal?: AbortSignal) =>
  apiGet<TLotteryGameDetail>(lotteryGamePath(LOTTERY_API_PATHS.game, gameCode), { language }, signal);

/** One game's bet types, odds at the member's prize group (a visitor's: the default one), limits and current draw. */
export function useLotteryGame(gameCode: string | null, userName: string | null) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.game(gameCode ?? '', userName, language),
    queryFn: ({ signal }) => timed(() => fetchLotteryGame(gameCode!, language, signal)),
    enabled: gameCode !== null,
  });
}

/** A draw event's draw into the game's cached details, in every language. */
export function applyDrawToGame(queryClient: QueryClient, draw: TLotteryDraw, receivedAt: number): void {
  queryClient.setQueriesData<Timed<TLotteryGameDetail>>({ queryKey: lotteryKeys.gameAll(draw.gameCode) }, (old) =>
    old ? withDraw(old, draw, receivedAt) : old,
  );
}
