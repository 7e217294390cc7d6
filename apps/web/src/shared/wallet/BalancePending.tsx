import { useTranslation } from '../i18n/language';
import './wallet.css';

export function balanceClasses(className?: string): string {
  return `balance-amount${className ? ` ${className}` : ''}`;
}

/**
 * The balance while it loads: a small spinner, no amount. Also what the header draws while a
 * member's header parts (BalanceAmount, the live stream) load, so the chip keeps its size.
 */
export function BalancePending({ className, testId = 'balance-amount' }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`${balanceClasses(className)} balance-amount--loading`}
      data-testid={testId}
      data-state="loading"
      role="status"
      aria-label={t('wallet_balance_loading')}
    >
      <span className="spinner" aria-hidden="true" />
    </span>
  );
}
