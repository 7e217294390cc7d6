import { MEMBER_TYPES } from '@palaro/contract';
import { useTranslation } from '../i18n/language';
import { useSessionInfo } from '../session/session';

/** Whether the signed-in member is a trial account, whose balance is play money. */
export function useIsTrial(): boolean {
  return useSessionInfo()?.type === MEMBER_TYPES.trial;
}

/** A "Demo" badge beside a trial member's balance, so play money never reads as real pesos. */
export function PlayMoneyBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  if (!useIsTrial()) return null;
  return (
    <span
      className={`play-money-badge${className ? ` ${className}` : ''}`}
      data-testid="play-money-badge"
      title={t('play_money_hint')}
    >
      {t('play_money_badge')}
    </span>
  );
}
