import { Link } from '../../../shared/router';
import { WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { CloseIcon } from '../../../shared/ui/icons';

/**
 * Why a bet did not go through, said plainly where the player is looking: not enough balance for
 * the bet (with the way out: a lower bet, or a deposit), or the server's refusal in its own words.
 */
export function FundsNotice({
  problem,
  bet,
  balance,
  minimumBet,
  onLower,
  onDismiss,
}: {
  problem: 'funds' | string;
  bet: number;
  balance: number;
  minimumBet: number;
  onLower: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const funds = problem === 'funds';
  return (
    <div className="ig-notice" role="alert" data-testid={funds ? 'inhouse-funds' : 'inhouse-error'}>
      <p className="ig-notice__text">
        {funds ? t('ig_funds_short', { bet: money(bet), balance: money(balance) }) : problem}
      </p>
      <div className="ig-notice__actions">
        {funds && balance >= minimumBet ? (
          <button
            type="button"
            className="btn btn--sm btn--outline"
            data-testid="inhouse-funds-lower"
            onClick={onLower}
          >
            {t('ig_funds_lower')}
          </button>
        ) : null}
        {funds ? (
          <Link className="btn btn--sm btn--primary" to={WEB_ROUTES.voucherCenter}>
            {t('ig_funds_deposit')}
          </Link>
        ) : null}
        <button type="button" className="icon-btn ig-notice__close" aria-label={t('close')} onClick={onDismiss}>
          <CloseIcon size={20} />
        </button>
      </div>
    </div>
  );
}
