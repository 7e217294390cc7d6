import type { TLotteryGameDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { Modal } from '../../../shared/ui/Modal';
import { numeroText } from '../lib/numero';
import type { BetSlip } from '../lib/useBetSlip';
import type { ChaseSettings } from '../lib/useChaseSettings';
import type { SlipSubmission } from '../lib/useSlipSubmission';

/** The last look before the money moves: the draw, every bet, the total and, for a chase, its plan and cost. */
export function SlipConfirm({
  detail,
  locked,
  slip,
  chase,
  submission,
}: {
  detail: TLotteryGameDetail;
  locked: boolean;
  slip: BetSlip;
  chase: ChaseSettings;
  submission: SlipSubmission;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Modal title={t('lt_confirm_title')} onClose={submission.cancel} testId="lottery-confirm">
      <div className="lt-confirm">
        <p className="lt-confirm__draw">
          {detail.game.remark} · {t('lt_confirm_draw', { numero: numeroText(detail.draw.numero) })}
        </p>
        <ul className="lt-confirm__list">
          {slip.bets.map((bet) => (
            <li key={bet.key}>
              <span>
                {bet.betName} <small>{bet.picksText}</small>
              </span>
              <strong>{money(bet.stake)}</strong>
            </li>
          ))}
        </ul>
        <p className="lt-confirm__total">
          <span>{t(chase.on ? 'lt_chase_per_draw' : 'lt_confirm_total')}</span>
          <strong data-testid="lottery-confirm-total">{money(slip.total)}</strong>
        </p>
        {chase.on ? (
          <dl className="lt-confirm__chase" data-testid="lottery-confirm-chase">
            <dt>{t('lt_chase')}</dt>
            <dd>
              {t('lt_chase_confirm_plan', {
                draws: chase.plan.draws,
                first: chase.cost.multipliers[0] ?? 1,
                last: chase.cost.multipliers.at(-1) ?? 1,
              })}
            </dd>
            <dt>{t('lt_chase_stop_on_win')}</dt>
            <dd>{chase.plan.stopOnWin ? t('lt_yes') : t('lt_no')}</dd>
            <dt>{t('lt_chase_taken_now')}</dt>
            <dd>
              <strong>{money(chase.cost.first)}</strong>
            </dd>
            <dt>{t('lt_chase_all_draws')}</dt>
            <dd>
              <strong data-testid="lottery-confirm-chase-total">{money(chase.cost.total)}</strong>
            </dd>
          </dl>
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="lottery-confirm-ok"
          disabled={submission.sending || locked}
          onClick={() => void submission.submit(detail)}
        >
          {t(chase.on ? 'lt_chase_confirm_ok' : 'lt_confirm_ok')}
        </button>
      </div>
    </Modal>
  );
}
