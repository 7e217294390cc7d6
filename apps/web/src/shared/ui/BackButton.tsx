import { useNavigate } from '../router';
import { useTranslation } from '../i18n/language';
import { WEB_ROUTES } from '@palaro/contract';
import { BackIcon } from './frameIcons';

/** The router's position in this tab's history (0 = the page the app was opened on); null when unknown. */
function routerHistoryIndex(): number | null {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return null;
}

/**
 * Where a back action goes: the given path; else home when history has one entry or fewer — or
 * when the app was opened on this page, so one step back would leave the app (a new tab keeps
 * about:blank before it); else one step back.
 */
export function backTarget(
  to: string | undefined,
  historyLength = window.history.length,
  historyIndex: number | null = routerHistoryIndex(),
): string | -1 {
  if (to) return to;
  if (historyLength <= 1 || historyIndex === 0) return WEB_ROUTES.home;
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
export function BackButton({
  to,
  className,
  testId = 'header-back',
}: {
  to?: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button
      type="button"
      className={`icon-btn ${className ?? ''}`}
      data-testid={testId}
      aria-label={t('back')}
      onClick={() => goBack(to)}
    >
      <BackIcon size={24} />
    </button>
  );
}
