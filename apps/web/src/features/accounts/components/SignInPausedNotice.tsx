import { useTranslation } from '../../../shared/i18n/language';
import { Link } from '../../../shared/router';
import { ERROR_CODES, WEB_ROUTES, type TLoginFailureValue } from '@palaro/contract';
import { ApiError } from '../../../shared/api/client';
import { formatCountdown } from '../../../shared/lib/format';
import { ClockIcon } from '../../../shared/ui/accountIcons';
import type { ForgetState } from '../ForgetScreen';
import '../../../shared/ui/page.css';
import '../accounts.css';

export type SignInWaysIn = NonNullable<TLoginFailureValue['waysIn']>;

/** The wait and the other ways in of an auth.signin.paused refusal; null for any other error. */
export function signInPause(error: unknown): { retryAfterSeconds: number; waysIn: SignInWaysIn } | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.signInPaused) return null;
  const value = (
    typeof error.value === 'object' && error.value !== null ? error.value : {}
  ) as Partial<TLoginFailureValue>;
  return { retryAfterSeconds: value.retryAfterSeconds ?? 0, waysIn: value.waysIn ?? [] };
}

/**
 * What a player reads when password tries on the account are paused: how long is left, that the
 * phone they usually play on still gets in, and the other ways in the server offers — sign in by
 * SMS code, or reset the password by mobile (else by e-mail).
 */
export function SignInPausedNotice({
  secondsLeft,
  waysIn,
  onSmsSignIn,
}: {
  secondsLeft: number;
  waysIn: SignInWaysIn;
  onSmsSignIn: () => void;
}) {
  const { t } = useTranslation();
  const reset = waysIn.includes('resetByPhone')
    ? { label: t('login_wait_reset_phone'), state: { method: 'mobile' } satisfies ForgetState }
    : waysIn.includes('resetByEmail')
      ? { label: t('login_wait_reset_email'), state: { method: 'email' } satisfies ForgetState }
      : null;
  return (
    <div className="auth-wait" role="alert" data-testid="login-wait">
      <p className="auth-wait__title">
        <ClockIcon size={20} />
        {t('login_wait_title')}
      </p>
      <p>{t('login_wait_body')}</p>
      {/* Read out once with the rest when it appears, not again every second. */}
      <p className="auth-wait__time" aria-live="off" data-testid="login-wait-time">
        {secondsLeft > 0 ? t('login_wait_retry_in', { time: formatCountdown(secondsLeft) }) : t('login_wait_ready')}
      </p>
      <p className="auth-wait__hint">{t('login_wait_known_device')}</p>
      {waysIn.includes('sms') || reset ? (
        <div className="auth-wait__ways">
          {waysIn.includes('sms') ? (
            <button
              type="button"
              className="btn btn--primary btn--block"
              data-testid="login-wait-sms"
              onClick={onSmsSignIn}
            >
              {t('login_wait_sms')}
            </button>
          ) : null}
          {reset ? (
            <Link
              className="btn btn--outline btn--block"
              to={WEB_ROUTES.forget}
              state={reset.state}
              data-testid="login-wait-reset"
            >
              {reset.label}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
