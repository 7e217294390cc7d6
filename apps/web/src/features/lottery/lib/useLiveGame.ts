import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '../../../shared/query/react';
import { onLotteryEvent } from '../../../shared/wallet/live';
import { useWalletBalance } from '../../../shared/wallet/api/balance';
import { applyDrawToGame, useLotteryGame } from '../api/game';
import { refreshMine } from '../api/mine';
import { addDrawnResult, useLotteryResults } from '../api/results';
import { afterDrawSettled } from '../api/winners';
import { useCountdown } from './countdown';
import { drawOfEvent } from './drawEvent';

/** Without the event stream (a visitor), a draw past its time is asked for again this often until its result is in. */
const DUE_POLL_MS = 3000;

/**
 * One game as it goes on: its detail and results, kept current by the draw events on the one stream
 * (or, for a visitor, by asking again once a draw is due), with the countdown of the draw on sale and
 * the numero whose result just arrived (its balls roll in).
 */
export function useLiveGame(gameCode: string, userName: string | null) {
  const queryClient = useQueryClient();
  const game = useLotteryGame(gameCode, userName);
  const results = useLotteryResults(gameCode);
  const [revealNumero, setRevealNumero] = useState<string | null>(null);
  const detail = game.data?.data;

  // Draw events: the open draw's new state, a result into the results, bets settled.
  useEffect(
    () =>
      onLotteryEvent((data) => {
        const draw = drawOfEvent(data, gameCode);
        if (!draw) return;
        applyDrawToGame(queryClient, draw, Date.now());
        if (draw.result) {
          addDrawnResult(queryClient, draw);
          setRevealNumero(draw.numero);
        }
        if (draw.state === 'settled' || draw.state === 'cancelled') {
          refreshMine(queryClient);
          afterDrawSettled(queryClient);
        }
        // A draw opening places the chases waiting for it: their bets and draws change.
        if (draw.state === 'open') refreshMine(queryClient);
        if (draw.state === 'drawn' || draw.state === 'settled') void game.refetch();
      }),
    [gameCode, queryClient, game],
  );

  // Money that moved for this member (a chase's next draw placed a few seconds after it opened, a
  // win, a refund) changes its bets and chases: the balance on the stream says when to ask again.
  const balance = useWalletBalance().data?.sumBalance;
  const shownBalance = useRef(balance);
  useEffect(() => {
    if (balance === shownBalance.current) return;
    const first = shownBalance.current === undefined;
    shownBalance.current = balance;
    if (first) return;
    refreshMine(queryClient);
  }, [balance, queryClient]);

  // A visitor has no stream: a draw past its time is asked for until the next one opens.
  const countdown = useCountdown({
    isSale: Boolean(detail?.draw.isSale || detail?.draw.state === 'locked'),
    remainTime: detail?.draw.remainTime ?? 0,
    lotteryTime: game.data?.lotteryTime ?? [0, 0],
    lockTime: detail?.game.lockTime,
  });
  const due = detail !== undefined && (countdown.remaining === null || countdown.remaining <= 0);
  useEffect(() => {
    if (!due) return;
    const timer = setInterval(() => {
      void game.refetch();
      void results.refetch();
    }, DUE_POLL_MS);
    return () => clearInterval(timer);
  }, [due, game, results]);

  return { game, results, countdown, revealNumero };
}
