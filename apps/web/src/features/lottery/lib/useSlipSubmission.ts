import { useState } from 'react';
import type { TLotteryGameDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { usePlaceBets } from '../api/bets';
import { useCreateChase } from '../api/chases';
import { planMultipliers } from './chasePlan';
import { betsToSend } from './slip';
import type { BetSlip } from './useBetSlip';
import type { ChaseSettings } from './useChaseSettings';

/**
 * The slip's way to the server: the confirmation it waits in, then its bets on the draw on sale, or
 * a chase of them when the chase is on; the slip empties once placed, and a toast says how it went.
 */
export function useSlipSubmission(gameCode: string, userName: string | null, slip: BetSlip, chase: ChaseSettings) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const place = usePlaceBets(userName, gameCode);
  const chasing = useCreateChase(userName);
  const [confirming, setConfirming] = useState(false);

  const submit = async (detail: TLotteryGameDetail) => {
    const bets = betsToSend(slip.bets);
    const draw = { gameCode, numero: detail.draw.numero, prizeGroup: detail.prizeGroup };
    try {
      if (chase.on) {
        await chasing.chase({
          ...draw,
          bets,
          draws: chase.plan.draws,
          multipliers: planMultipliers(chase.plan),
          stopOnWin: chase.plan.stopOnWin,
        });
      } else {
        await place.place({ ...draw, bets });
      }
      slip.clear();
      setConfirming(false);
      void toast.show(t(chase.on ? 'lt_chase_placed' : 'lt_placed'), { kind: 'success', durationMs: 1500 });
    } catch (error) {
      setConfirming(false);
      void toast.show(errorText(error), { kind: 'error', durationMs: 3000 });
    }
  };

  return {
    confirming,
    confirm: () => setConfirming(true),
    cancel: () => setConfirming(false),
    submit,
    sending: place.pending || chasing.pending,
  };
}

export type SlipSubmission = ReturnType<typeof useSlipSubmission>;
