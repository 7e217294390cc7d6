import type { TChase } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { useCancelBets, useMyLotteryBets } from '../api/bets';
import { useCancelChase, useMyChases } from '../api/chases';

/** The member's bets and chases on the game (loaded with the screen), and their cancels with a toast each. */
export function useMyLottery(userName: string | null, gameCode: string) {
  const { t } = useTranslation();
  const money = useMoney();
  const toast = useToast();
  const errorText = useErrorText();
  const bets = useMyLotteryBets(userName, gameCode);
  const chases = useMyChases(userName, gameCode);
  const cancelBets = useCancelBets(userName);
  const cancelChase = useCancelChase(userName);

  const cancelBet = async (betIds: string[]) => {
    try {
      const result = await cancelBets.cancel({ betIds });
      void toast.show(t('lt_cancelled', { amount: money(result.refunded) }), { kind: 'success', durationMs: 2000 });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };
  const stopChase = async (chase: TChase) => {
    try {
      await cancelChase.cancel(chase.chaseId);
      void toast.show(t('lt_chase_cancelled'), { kind: 'success', durationMs: 2000 });
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };

  return {
    bets,
    chases,
    cancelBet,
    cancellingBets: cancelBets.pending,
    stopChase,
    stoppingChase: cancelChase.pending,
  };
}

export type MyLottery = ReturnType<typeof useMyLottery>;
