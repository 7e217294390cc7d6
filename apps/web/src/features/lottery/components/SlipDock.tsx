import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { PrimaryAction } from '../../../shared/ui/PrimaryAction';
import { BalanceAmount } from '../../../shared/wallet/BalanceAmount';
import { PlayMoneyBadge } from '../../../shared/wallet/PlayMoneyBadge';
import type { BetSlip } from '../lib/useBetSlip';
import type { ChaseSettings } from '../lib/useChaseSettings';
import type { SlipSubmission } from '../lib/useSlipSubmission';

/**
 * The member's balance, in sight on every section, beside the place button on the bet section: the
 * shared balance, which follows the event stream (a stake, a win, a refund).
 */
export function SlipDock({
  onBetSection,
  locked,
  slip,
  chase,
  submission,
}: {
  onBetSection: boolean;
  locked: boolean;
  slip: BetSlip;
  chase: ChaseSettings;
  submission: SlipSubmission;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <PrimaryAction>
      {onBetSection && locked && slip.bets.length > 0 ? (
        <p className="lt-dock__note" role="status">
          {t('lt_slip_locked')}
        </p>
      ) : null}
      <div className="lt-dock">
        <p className="lt-dock__balance">
          <span className="lt-dock__balance-label">
            {t('wallet_balance')} <PlayMoneyBadge />
          </span>
          <BalanceAmount className="lt-dock__balance-amount" testId="lottery-balance" />
        </p>
        {onBetSection ? (
          <button
            type="button"
            className="btn btn--primary lt-dock__btn"
            data-testid="lottery-place"
            disabled={slip.bets.length === 0 || locked || submission.sending}
            onClick={submission.confirm}
          >
            {chase.on
              ? t('lt_place_chase', { draws: chase.plan.draws, total: money(chase.cost.total) })
              : t('lt_place_bets', { total: money(slip.total) })}
          </button>
        ) : null}
      </div>
    </PrimaryAction>
  );
}
