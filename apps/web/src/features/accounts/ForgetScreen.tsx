import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { useLocation, useNavigate, useSearchParams } from '../../shared/router';
import { ERROR_CODES, LIMITS, TIMING_MS, WEB_ROUTES, type TLoginResult } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { useGoBack } from '../../shared/ui/BackButton';
import { ApiError } from '../../shared/api/client';
import { useSessionInfo } from '../../shared/session/session';
import {
  DialingCodeSelect,
  Field,
  PasswordField,
  SendCodeButton,
  Tabs,
  keepFieldFocusOnPress,
} from '../../shared/ui/form';
import { useToast } from '../../shared/ui/feedback';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { ShieldArt } from '../../shared/ui/illustrations';
import { MailIcon, UserIcon } from '../../shared/ui/icons';
import { LockIcon, PhoneIcon, ShieldIcon } from '../../shared/ui/accountIcons';
import { forgotByEmail, resetByEmail, resetByPhone, useResetLinkCheck } from './api/passwords';
import { login } from './api/signIn';
import { useAcceptSignIn } from './lib/session-result';
import {
  validateConfirm,
  validateEmail,
  validateMobile,
  validateNewPassword,
  validateRequired,
  validateSmsCode,
} from './lib/validation';
import { useMessageText, type FieldMessage } from '../../shared/i18n/message';
import { useSubmit } from './lib/useSubmit';
import { useSendCode } from './components/useSendCode';
import '../../shared/ui/page.css';
import './accounts.css';

type Method = 'mobile' | 'email';
/** Router state of /m/forget: the tab to open on (the e-mail one after a dead reset link). */
export interface ForgetState {
  method?: Method;
}

/**
 * The set-password-by-phone error rule of spec §8: 'modify.new.old.same' clears the password
 * field, any other error clears the verification code.
 */
/**
 * The sign-in that follows a reset by phone (spec §7): the mobile number as the user name with the
 * new password. Resolves null when it fails — the reset itself has succeeded either way.
 */
export async function signInAfterReset(input: {
  mobileNum: string;
  countryDialingCode: string;
  newPassword: string;
}): Promise<TLoginResult | null> {
  try {
    return await login({
      type: 'username',
      username: input.mobileNum,
      password: input.newPassword,
      countryDialingCode: input.countryDialingCode,
    });
  } catch {
    return null;
  }
}

export function fieldToClearAfterResetError(error: unknown): 'newPassword' | 'verificationCode' {
  return error instanceof ApiError && error.code === ERROR_CODES.newPasswordSameAsOld
    ? 'newPassword'
    : 'verificationCode';
}

function MobileForm() {
  const { t } = useTranslation();
  const settings = useSettings();
  const toast = useToast();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const acceptSignIn = useAcceptSignIn();
  const dialCodes = settings.register.countryDialingCodes;
  const [dialCode, setDialCode] = useState(settings.register.defaultCountryDialingCode || dialCodes[0] || '+63');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<{
    field: 'newPassword' | 'verificationCode';
    message: FieldMessage;
  } | null>(null);
  const sms = useSendCode();
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);

  const errors = {
    mobileNum: validateMobile(mobile),
    verificationCode: validateSmsCode(code, LIMITS.smsCodeMaxLength),
    newPassword: validateNewPassword(settings, password),
  };
  const hasErrors = Object.values(errors).some(Boolean);
  const shown = (field: keyof typeof errors) => {
    if (serverError?.field === field) return messageText(serverError.message);
    return touched ? messageText(errors[field]) : null;
  };

  const send = async () => {
    setTouched(true);
    if (errors.mobileNum) {
      mobileRef.current?.focus();
      return;
    }
    const sent = await sms.send({ purpose: 'reset', mobileNum: mobile, countryDialingCode: dialCode });
    if (sent) setTimeout(() => codeRef.current?.focus(), 0);
  };

  const change = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setTouched(true);
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (hasErrors || submitting) return;
    setSubmitting(true);
    try {
      await resetByPhone({
        mobileNum: mobile,
        countryDialingCode: dialCode,
        verificationCode: code,
        newPassword: password,
      });
    } catch (error) {
      const clear = fieldToClearAfterResetError(error);
      if (clear === 'newPassword') {
        setPassword('');
        setServerError({ field: 'newPassword', message: { key: 'in_new_old_same' } });
        passwordRef.current?.focus();
      } else {
        setCode('');
        codeRef.current?.focus();
      }
      void toast.show(errorText(error), { kind: 'error' });
      setSubmitting(false);
      return;
    }
    // Spec §7: the new password is set — sign in at once with the mobile number and it.
    const signedIn = await signInAfterReset({ mobileNum: mobile, countryDialingCode: dialCode, newPassword: password });
    if (signedIn) {
      acceptSignIn(signedIn, { navigateTo: WEB_ROUTES.home });
      void toast.show(t('forget_done_signed_in'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
      return;
    }
    // The sign-in did not go through (captcha wanted, server refused): sign in by hand, number filled in.
    await toast.show(t('forget_done'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
    await navigate(`${WEB_ROUTES.login}?mobile=${encodeURIComponent(mobile)}`, { replace: true });
  };

  // Posted for the reason LoginForm's form is.
  return (
    <form
      method="post"
      className="auth-form"
      data-testid="forget-mobile-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="acc-card__intro">{t('forget_intro_mobile')}</p>
      <Field
        name="mobileNum"
        label={t('acc_mobile')}
        value={mobile}
        onValueChange={change(setMobile)}
        error={shown('mobileNum')}
        icon={<PhoneIcon size={20} />}
        testId="forget-mobile"
        inputRef={mobileRef}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={LIMITS.mobileMaxLength}
        digitsOnly
        leading={
          <DialingCodeSelect value={dialCode} options={dialCodes} onChange={setDialCode} testId="forget-dialing-code" />
        }
      />
      <Field
        name="verificationCode"
        label={t('acc_sms_code')}
        value={code}
        onValueChange={change(setCode)}
        error={sms.sent ? shown('verificationCode') : null}
        icon={<ShieldIcon size={20} />}
        testId="forget-code"
        inputRef={codeRef}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCodeMaxLength}
        digitsOnly
        disabled={!sms.sent}
        trailing={
          <SendCodeButton
            testId="forget-send-code"
            secondsLeft={sms.secondsLeft}
            sending={sms.sending}
            onSend={() => void send()}
          />
        }
      />
      {sms.result ? (
        <p className="auth-form__hint">{t('acc_code_sent_to', { destination: sms.result.destination })}</p>
      ) : null}
      {sms.result?.emailFallbackAvailable && sms.result.channel === 'sms' ? (
        <button
          type="button"
          className="auth-form__link"
          data-testid="forget-email-fallback"
          disabled={sms.sending}
          onClick={() =>
            void sms.send({ purpose: 'reset', mobileNum: mobile, countryDialingCode: dialCode, channel: 'email' })
          }
        >
          {t('acc_email_fallback')}
        </button>
      ) : null}
      <PasswordField
        name="newPassword"
        label={t('forget_new_password')}
        value={password}
        onValueChange={change(setPassword)}
        error={shown('newPassword')}
        icon={<LockIcon size={20} />}
        testId="forget-new-password"
        inputRef={passwordRef}
        autoComplete="new-password"
        maxLength={128}
      />
      <button
        type="submit"
        {...keepFieldFocusOnPress}
        className="btn btn--primary btn--block btn--lg"
        data-testid="forget-submit"
        disabled={!touched || hasErrors || submitting}
      >
        {t('forget_submit')}
      </button>
    </form>
  );
}

function EmailForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const goBack = useGoBack();
  const messageText = useMessageText();
  const { submitting, run } = useSubmit();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ username?: FieldMessage | null; email?: FieldMessage | null }>({});
  const userRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { username: validateRequired(username.trim(), 'in_enter_field'), email: validateEmail(email) };
    if (next.username) next.username = { key: 'in_enter_field', values: { field: 'acc_username' } };
    setErrors(next);
    if (next.username) return userRef.current?.focus();
    if (next.email) return emailRef.current?.focus();
    const hide = toast.loading(t('in_please_wait'));
    await run(async () => {
      await forgotByEmail(username.trim(), email.trim());
      hide();
      await toast.show(t('in_been_out'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
      goBack(WEB_ROUTES.home);
    }, hide);
  };

  // Posted for the reason LoginForm's form is.
  return (
    <form
      method="post"
      className="auth-form"
      data-testid="forget-email-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <p className="acc-card__intro">{t('forget_intro_email')}</p>
      <Field
        name="username"
        label={t('acc_username')}
        value={username}
        onValueChange={setUsername}
        error={messageText(errors.username)}
        icon={<UserIcon size={20} />}
        testId="forget-username"
        inputRef={userRef}
        autoComplete="username"
        autoCapitalize="off"
        maxLength={64}
      />
      <Field
        name="email"
        label={t('acc_email')}
        value={email}
        onValueChange={setEmail}
        error={messageText(errors.email)}
        icon={<MailIcon size={20} />}
        testId="forget-email"
        inputRef={emailRef}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
      />
      <button
        type="submit"
        {...keepFieldFocusOnPress}
        className="btn btn--primary btn--block btn--lg"
        data-testid="forget-email-submit"
        disabled={submitting}
      >
        {t('forget_email_submit')}
      </button>
    </form>
  );
}

/** The set-new-password form of a reset link that the check found usable. */
function ResetLinkForm({ token, onSpent }: { token: string; onSpent: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const toast = useToast();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: FieldMessage | null; confirm?: FieldMessage | null }>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { password: validateNewPassword(settings, password), confirm: validateConfirm(password, confirm) };
    setErrors(next);
    if (next.password || next.confirm) return;
    setSubmitting(true);
    try {
      await resetByEmail(token, password);
      await toast.show(t('forget_done'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
      await navigate(WEB_ROUTES.login, { replace: true });
    } catch (error) {
      setSubmitting(false);
      // Used meanwhile (another tab) or expired while the form was open.
      if (error instanceof ApiError && error.code === ERROR_CODES.resetLinkInvalid) return onSpent();
      void toast.show(errorText(error), { kind: 'error' });
      return;
    }
    setSubmitting(false);
  };

  // Posted for the reason LoginForm's form is.
  return (
    <form
      method="post"
      className="auth-form"
      data-testid="reset-link-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="acc-card__title">{t('forget_set_title')}</h2>
      <p className="acc-card__intro">{t('forget_set_intro')}</p>
      <PasswordField
        name="newPassword"
        label={t('forget_new_password')}
        value={password}
        onValueChange={setPassword}
        error={messageText(errors.password)}
        icon={<LockIcon size={20} />}
        testId="reset-new-password"
        autoComplete="new-password"
        maxLength={128}
      />
      <PasswordField
        name="confirmPassword"
        label={t('acc_confirm_password')}
        value={confirm}
        onValueChange={setConfirm}
        error={messageText(errors.confirm)}
        icon={<LockIcon size={20} />}
        testId="reset-confirm-password"
        autoComplete="new-password"
        maxLength={128}
      />
      <button
        type="submit"
        {...keepFieldFocusOnPress}
        className="btn btn--primary btn--block btn--lg"
        data-testid="reset-submit"
        disabled={submitting}
      >
        {t('forget_set_submit')}
      </button>
    </form>
  );
}

/** Answers of the check that mean the link cannot be used: unknown, used, expired or malformed. */
function isInvalidLinkError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ERROR_CODES.resetLinkInvalid || error.code === ERROR_CODES.validation)
  );
}

/**
 * /m/forget?resetToken=…: the link from the reset e-mail sets a new password once. The link is
 * checked first (a skeleton meanwhile); an unknown, used or expired one shows why, with a way to
 * ask for a new link, instead of a form that could only fail. Without a connection the check can
 * be tried again; any other failure of the check leaves the form, whose reset call checks the
 * link itself.
 */
function ResetLink({ token, onRequestNew }: { token: string; onRequestNew: () => void }) {
  const { t } = useTranslation();
  const [spent, setSpent] = useState(false);
  const check = useResetLinkCheck(token);

  if (check.isPending) {
    return (
      <div className="acc-card__checking" data-testid="reset-link-checking" role="status" aria-busy="true">
        <span className="visually-hidden">{t('forget_link_checking')}</span>
        <Skeleton height={22} width="60%" radius={6} />
        <Skeleton height={16} width="85%" radius={6} />
        <Skeleton height={52} radius={12} />
        <Skeleton height={52} radius={12} />
        <Skeleton height={48} radius={24} />
      </div>
    );
  }
  if (check.isError && check.error instanceof ApiError && check.error.code === 'network') {
    return <ErrorState compact error={check.error} onRetry={() => void check.refetch()} testId="reset-link-error" />;
  }
  const invalid = spent || (check.isSuccess ? check.data?.valid !== true : isInvalidLinkError(check.error));
  if (invalid) {
    return (
      <StateView
        compact
        testId="reset-link-invalid"
        role="alert"
        art={<ShieldArt />}
        title={t('in_reset_link_invalid')}
        body={<p>{t('forget_link_invalid_hint')}</p>}
        actions={
          <button
            type="button"
            className="btn btn--primary btn--block btn--lg"
            data-testid="reset-link-request-new"
            onClick={onRequestNew}
          >
            {t('forget_link_request_new')}
          </button>
        }
      />
    );
  }
  return <ResetLinkForm token={token} onSpent={() => setSpent(true)} />;
}

/** /m/forget (spec §2 Forgot password): by mobile (CHNGPASSVERIF3, default) or by e-mail. */
export default function ForgetScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const session = useSessionInfo();
  const [search] = useSearchParams();
  const { state } = useLocation() as { state: ForgetState | null };
  const resetToken = search.get('resetToken');
  const mobileAllowed = settings.whitelabel.CHNGPASSVERIF3;
  const [method, setMethod] = useState<Method>(mobileAllowed && state?.method !== 'email' ? 'mobile' : 'email');

  // A dead reset link: on to the e-mail form that sends a new one (back does not return to the link).
  const requestNewLink = useCallback(() => {
    void navigate(WEB_ROUTES.forget, { replace: true, state: { method: 'email' } satisfies ForgetState });
  }, [navigate]);

  // The form closes by itself once a session exists (spec §2).
  useEffect(() => {
    if (session && !resetToken) void navigate(WEB_ROUTES.home, { replace: true });
  }, [session, resetToken, navigate]);

  return (
    <div className="acc-page" data-testid="forget-screen">
      <section className="acc-card">
        {resetToken ? (
          <ResetLink token={resetToken} onRequestNew={requestNewLink} />
        ) : (
          <>
            {mobileAllowed ? (
              <Tabs
                label={t('forget_tabs')}
                active={method}
                onChange={setMethod}
                items={[
                  { key: 'mobile', label: t('forget_tab_mobile'), testId: 'forget-tab-mobile' },
                  { key: 'email', label: t('forget_tab_email'), testId: 'forget-tab-email' },
                ]}
              />
            ) : null}
            {method === 'mobile' && mobileAllowed ? <MobileForm /> : <EmailForm />}
          </>
        )}
      </section>
    </div>
  );
}
