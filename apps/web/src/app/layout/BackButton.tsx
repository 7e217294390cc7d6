import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WEB_ROUTES } from '@palaro/contract';
import { BackIcon } from '../../shared/ui/icons';

/** Where a back action goes: the given path, else home when there is no previous entry, else one step back. */
export function backTarget(to: string | undefined, historyLength = window.history.length): string | -1 {
  if (to) return to;
  if (historyLength <= 1) return WEB_ROUTES.home;
  return -1;
}

export function useGoBack() {
  const navigate = useNavigate();
  return (to?: string) => {
    const target = backTarget(to);
    if (target === -1) void navigate(-1);
    else void navigate(target);
  };
}

/** The generic back button (spec §2). */
export function BackButton({ to, className, testId = 'header-back' }: { to?: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button type="button" className={`icon-btn ${className ?? ''}`} data-testid={testId} aria-label={t('back')} onClick={() => goBack(to)}>
      <BackIcon size={24} />
    </button>
  );
}
