import { useTranslation } from '../i18n/language';
import { useSettings } from '../startup/context';
import { moneyText } from '../lib/money';
import { useBalanceHidden } from './hidden';
import { useWalletBalance } from './api/balance';
import { BalancePending, balanceClasses } from './BalancePending';

export const HIDDEN_BALANCE = '••••';

/**
 * The member's wallet balance as the header and the member centre show it: the amount, •••• when
 * the player hid it, and a small spinner (no amount) while it loads or refreshes.
 */
export function BalanceAmount({ className, testId = 'balance-amount' }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const query = useWalletBalance();
  const [hidden] = useBalanceHidden();
  const classes = balanceClasses(className);

  if (query.isPending && query.fetchStatus === 'idle') return null; // no member signed in
  if (query.isFetching || query.isPending) return <BalancePending className={className} testId={testId} />;
  if (query.isError || !query.data) {
    return (
      <span
        className={`${classes} balance-amount--error`}
        data-testid={testId}
        data-state="error"
        aria-label={t('wallet_balance_unavailable')}
      >
        {settings.currency.symbol}--
      </span>
    );
  }
  if (hidden) {
    return (
      <span
        className={`${classes} balance-amount--hidden`}
        data-testid={testId}
        data-state="hidden"
        aria-label={t('wallet_balance_hidden')}
      >
        {HIDDEN_BALANCE}
      </span>
    );
  }
  const text = moneyText(query.data.sumBalance, query.data.currencySymbol || settings.currency.symbol);
  return (
    <span className={classes} data-testid={testId} data-state="shown">
      {text}
    </span>
  );
}
