import { useCallback, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '../../../shared/query/react';
import {
  IDEMPOTENCY_HEADER,
  LOTTERY_API_PATHS,
  lotteryChasePath,
  lotteryGamePath,
  type TCancelBetsRequest,
  type TCancelBetsResult,
  type TChase,
  type TChaseRequest,
  type TChaseResult,
  type TMyChases,
  type Language,
  type TLotteryVerification,
  type TLotteryDraw,
  type TLotteryGameDetail,
  type TLotteryLaunch,
  type TLotteryLaunchQuery,
  type TLotteryMenu,
  type TLotteryResults,
  type TMyLotteryBets,
  type TPlaceBetsRequest,
  type TPlaceBetsResult,
  type TWinnerBoard,
} from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { useIdempotentSubmit } from '../../../shared/api/idempotency';
import { useLanguage } from '../../../shared/i18n/language';
import type { LotteryTime } from '../lib/countdown';
import type { PrizeMode } from '../lib/prizeMode';

/** An answer with the lotteryTime pair of its request, which the countdowns start from (spec §4). */
export interface Timed<T> {
  data: T;
  lotteryTime: LotteryTime;
}

async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const data = await call();
  return { data, lotteryTime: [sentAt, Date.now()] };
}

export const lotteryKeys = {
  all: ['lottery'] as const,
  menu: (prizeMode: PrizeMode, language: Language) => ['lottery', 'menu', prizeMode, language] as const,
  game: (gameCode: string, language: Language) => ['lottery', 'game', gameCode, language] as const,
  results: (gameCode: string) => ['lottery', 'results', gameCode] as const,
  myBets: (userName: string, gameCode: string) => ['lottery', 'myBets', userName, gameCode] as const,
  myChases: (userName: string, gameCode: string) => ['lottery', 'myChases', userName, gameCode] as const,
  verify: (gameCode: string, numero: string) => ['lottery', 'verify', gameCode, numero] as const,
  winners: (gameCode: string | null, language: Language) => ['lottery', 'winners', gameCode ?? '', language] as const,
};

/** The menu (spec §7 lottery menu: prizeMode, device MOBILE, language). It reloads on the §4 refresh timer, not on focus. */
export function menuQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.menu(prizeMode, language),
    queryFn: ({ signal }) =>
      timed(() => apiGet<TLotteryMenu>(LOTTERY_API_PATHS.menu, { prizeMode, device: 'MOBILE', language }, signal)),
  });
}

/** The menu once the prize mode is known (null: not yet). */
export function useLotteryMenu(prizeMode: PrizeMode | null) {
  const { language } = useLanguage();
  return useQuery({ ...menuQueryOptions(prizeMode ?? 'Lott', language), enabled: prizeMode !== null });
}

/** One game's bet types, odds at the member's prize group, limits and current draw. */
export function useLotteryGame(gameCode: string | null) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.game(gameCode ?? '', language),
    queryFn: ({ signal }) =>
      timed(() => apiGet<TLotteryGameDetail>(lotteryGamePath(LOTTERY_API_PATHS.game, gameCode!), { language }, signal)),
    enabled: gameCode !== null,
  });
}

export const RESULTS_PAGE_SIZE = 30;

export function useLotteryResults(gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.results(gameCode),
    queryFn: ({ signal }) =>
      apiGet<TLotteryResults>(
        lotteryGamePath(LOTTERY_API_PATHS.results, gameCode),
        { pageSize: RESULTS_PAGE_SIZE },
        signal,
      ),
  });
}

export function useMyLotteryBets(userName: string | null, gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.myBets(userName ?? '', gameCode),
    queryFn: ({ signal }) => apiGet<TMyLotteryBets>(LOTTERY_API_PATHS.myBets, { gameCode, pageNo: 1 }, signal),
    enabled: userName !== null,
  });
}

/** The winner board reloads this often while shown (wins arrive with every settled draw). */
const WINNERS_REFRESH_MS = 60_000;

/** The winner board (real settled wins, names masked, largest first): one game's, or every game's (null). */
export function useWinnerBoard(gameCode: string | null) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: lotteryKeys.winners(gameCode, language),
    queryFn: ({ signal }) =>
      apiGet<TWinnerBoard>(LOTTERY_API_PATHS.winners, { ...(gameCode ? { gameCode } : {}), language }, signal),
    refetchInterval: WINNERS_REFRESH_MS,
  });
}

export function useDrawVerification(gameCode: string, numero: string | null) {
  return useQuery({
    queryKey: lotteryKeys.verify(gameCode, numero ?? ''),
    queryFn: ({ signal }) =>
      apiGet<TLotteryVerification>(lotteryGamePath(LOTTERY_API_PATHS.verify, gameCode, numero!), undefined, signal),
    enabled: numero !== null,
    staleTime: Infinity,
  });
}

/**
 * Places a slip (money: one Idempotency-Key per attempt, reused after an unknown outcome so a
 * retry never bets twice); the member's bets reload after.
 */
export function usePlaceBets(userName: string | null, gameCode: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const send = useCallback(
    (slip: TPlaceBetsRequest, key: string) =>
      apiPost<TPlaceBetsResult>(LOTTERY_API_PATHS.placeBets, slip, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    [],
  );
  const submit = useIdempotentSubmit(send);
  const place = useCallback(
    async (slip: TPlaceBetsRequest) => {
      setPending(true);
      try {
        return await submit(slip);
      } finally {
        setPending(false);
        if (userName) void queryClient.invalidateQueries({ queryKey: lotteryKeys.myBets(userName, gameCode) });
      }
    },
    [submit, queryClient, userName, gameCode],
  );
  return { place, pending };
}

/** A money call of the lottery with its Idempotency-Key (one per attempt, reused after an unknown outcome), pending while in flight. */
function useIdempotentPost<Body, Result>(path: string, after: () => void) {
  const [pending, setPending] = useState(false);
  const send = useCallback(
    (body: Body, key: string) => apiPost<Result>(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    [path],
  );
  const submit = useIdempotentSubmit(send);
  const run = useCallback(
    async (body: Body) => {
      setPending(true);
      try {
        return await submit(body);
      } finally {
        setPending(false);
        after();
      }
    },
    [submit, after],
  );
  return { run, pending };
}

/** Reloads the member's bets and chases after a call that changed them. */
function useReloadMine(userName: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!userName) return;
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'myBets', userName] });
    void queryClient.invalidateQueries({ queryKey: ['lottery', 'myChases', userName] });
  }, [queryClient, userName]);
}

/** The member's chases on a game with each draw's state (first page, newest first). */
export function useMyChases(userName: string | null, gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.myChases(userName ?? '', gameCode),
    queryFn: ({ signal }) => apiGet<TMyChases>(LOTTERY_API_PATHS.myChases, { gameCode, pageNo: 1 }, signal),
    enabled: userName !== null,
  });
}

/** Chases a slip on the draw on sale and the next ones (money: the first draw is debited now). */
export function useCreateChase(userName: string | null) {
  const { run, pending } = useIdempotentPost<TChaseRequest, TChaseResult>(
    LOTTERY_API_PATHS.createChase,
    useReloadMine(userName),
  );
  return { chase: run, pending };
}

/** Cancels pending bets of draws still on sale; their stakes come back. */
export function useCancelBets(userName: string | null) {
  const { run, pending } = useIdempotentPost<TCancelBetsRequest, TCancelBetsResult>(
    LOTTERY_API_PATHS.cancelBets,
    useReloadMine(userName),
  );
  return { cancel: run, pending };
}

/** Cancels a chase's draws not debited yet (no money moves: nothing of them was taken). */
export function useCancelChase(userName: string | null) {
  const reload = useReloadMine(userName);
  const [pending, setPending] = useState(false);
  const cancel = useCallback(
    async (chaseId: string) => {
      setPending(true);
      try {
        return await apiPost<TChase>(lotteryChasePath(LOTTERY_API_PATHS.cancelChase, chaseId));
      } finally {
        setPending(false);
        reload();
      }
    },
    [reload],
  );
  return { cancel, pending };
}

/** Spec §7 lottery launch → value.gameUrl. */
export function fetchLotteryLaunch(query: TLotteryLaunchQuery): Promise<TLotteryLaunch> {
  return apiGet<TLotteryLaunch>(LOTTERY_API_PATHS.launch, { ...query });
}

/** A draw event's draw merged into a game's cached detail (same numero: its new state; a newer one: the next draw). */
export function withDraw(
  detail: Timed<TLotteryGameDetail>,
  draw: TLotteryDraw,
  receivedAt: number,
): Timed<TLotteryGameDetail> {
  if (draw.gameCode !== detail.data.game.gameCode) return detail;
  if (draw.drawsAt < detail.data.draw.drawsAt) return detail;
  return { data: { ...detail.data, draw }, lotteryTime: [receivedAt, receivedAt] };
}
