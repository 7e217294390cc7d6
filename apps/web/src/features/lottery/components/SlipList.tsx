import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { CloseIcon } from '../../../shared/ui/icons';
import type { BetSlip } from '../lib/useBetSlip';

/** The slip: each bet with its picks, count, unit stake and multiplier, and a button to take it off. */
export function SlipList({ slip }: { slip: BetSlip }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="lt-slip" aria-labelledby="lt-slip-title" data-testid="lottery-slip">
      <div className="lt-slip__head">
        <h2 id="lt-slip-title" className="lt-slip__title">
          {t('lt_slip')}
        </h2>
        {slip.bets.length > 0 ? (
          <button type="button" className="lt-link" onClick={slip.clear}>
            {t('lt_clear_slip')}
          </button>
        ) : null}
      </div>
      {slip.bets.length === 0 ? (
        <p className="lt-empty">{t('lt_slip_empty')}</p>
      ) : (
        <ul className="lt-slip__list">
          {slip.bets.map((bet) => (
            <li key={bet.key} className="lt-slip__bet" data-testid="lottery-slip-bet">
              <div className="lt-slip__info">
                <strong>{bet.betName}</strong>
                <span className="lt-slip__picks">{bet.picksText}</span>
                <span className="lt-slip__line">
                  {t('lt_bet_line', {
                    count: bet.combinations,
                    unit: money(bet.unitStake),
                    multiplier: bet.multiplier,
                  })}
                </span>
              </div>
              <strong className="lt-slip__stake">{money(bet.stake)}</strong>
              <button
                type="button"
                className="lt-slip__remove"
                aria-label={t('lt_remove_bet')}
                onClick={() => slip.remove(bet.key)}
              >
                <CloseIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
