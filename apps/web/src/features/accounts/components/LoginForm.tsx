import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { LIMITS, TIMING_MS, WEB_ROUTES, type TLoginRequest } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { ApiError } from '../../../shared/api/client';
import { readRemembered, writeRemembered } from '../../../shared/session/session';
import {
  Checkbox,
  DialingCodeSelect,
  Field,
  PasswordField,
  SendCodeButton,
  Tabs,
  keepFieldFocusOnPress,
  useCountdown,
} from '../../../shared/ui/form';
import { Spinner, useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { UserIcon } from '../../../shared/ui/icons';
import { FacebookIcon, GoogleIcon, LockIcon, PhoneIcon, PlayIcon, ShieldIcon } from '../../../shared/ui/accountIcons';
import { login, startTrial } from '../api/signIn';
import { validateCaptcha, validateMobile, validateRequired, validateSmsCode } from '../lib/validation';
import { useMessageText, type FieldMessage } from '../../../shared/i18n/message';
import { useAcceptSignIn } from '../lib/session-result';
import { thirdPartySignIn } from '../lib/thirdParty';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { SignInPausedNotice, signInPause, type SignInWaysIn } from './SignInPausedNotice';
import { useSendCode } from './useSendCode';

type LoginTab = 'username' | 'sms';
type Errors = Partial<
  Record<'username' | 'password' | 'mobileNum' | 'verificationCode' | 'captcha', FieldMessage | null>
>;

function captchaWanted(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    typeof error.value === 'object' &&
    error.value !== null &&
    (error.value as { captcha?: unknown }).captcha === true
  );
}

/**
 * The sign-in form of /m/login and of the login dialog: user name + password, or mobile number +
 * SMS code when MOBILEVERFLOGIN3 is on; captcha after a failure that asks for it; remember-me
 * keeps the user name and dialing code only.
 */
export function LoginForm({
  onSignedIn,
  showTrial = true,
  prefillMobile,
}: {
  onSignedIn?: () => void;
  showTrial?: boolean;
  prefillMobile?: string | null;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const toast = useToast();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const acceptSignIn = useAcceptSignIn();
  const smsEnabled = settings.whitelabel.MOBILEVERFLOGIN3;
  const dialCodes = settings.register.countryDialingCodes;
  const defaultDial = settings.register.defaultCountryDialingCode || dialCodes[0] || '+63';

  const [tab, setTab] = useState<LoginTab>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState('');
  const [dialCode, setDialCode] = useState(defaultDial);
  const [smsCode, setSmsCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  /** The other ways in while password tries on the typed account are paused (auth.signin.paused). */
  const [pausedWaysIn, setPausedWaysIn] = useState<SignInWaysIn | null>(null);
  const [pauseLeft, startPause] = useCountdown();
  const captcha = useCaptcha(false);
  const code = useSendCode(TIMING_MS.logoutLoading);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const smsCodeRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const focus = (key: keyof Errors) => {
    const map = {
      username: usernameRef,
      password: passwordRef,
      mobileNum: mobileRef,
      verificationCode: smsCodeRef,
      captcha: captchaRef,
    };
    map[key].current?.focus();
  };

  /** The remembered user name (or number) and dialing code of a tab (spec §4: a tab switch reloads them). */
  const applyRemembered = (forTab: LoginTab) => {
    const remembered = readRemembered();
    if (!remembered || remembered.type !== forTab) return;
    setRemember(true);
    if (remembered.countryDialingCode) setDialCode(remembered.countryDialingCode);
    if (forTab === 'username') setUsername(remembered.username);
    else setMobile(remembered.username);
  };

  // On arrival: the remembered record, or the number a password reset just used (?mobile=).
  const [initialised, setInitialised] = useState(false);
  if (!initialised) {
    setInitialised(true);
    const fromReset = prefillMobile?.replace(/\D+/g, '') ?? '';
    if (fromReset && smsEnabled) {
      setTab('sms');
      setMobile(fromReset);
    } else if (fromReset) {
      setUsername(fromReset);
    } else {
      applyRemembered('username');
    }
  }

  const switchTab = (next: LoginTab) => {
    if (next === tab) return;
    setTab(next);
    setErrors({});
    applyRemembered(next);
    if (captcha.visible) void captcha.reload();
  };

  const validate = (): Errors => {
    const next: Errors =
      tab === 'username'
        ? { username: validateRequired(username), password: validateRequired(password) }
        : { mobileNum: validateMobile(mobile), verificationCode: validateSmsCode(smsCode, LIMITS.smsCodeMaxLength) };
    if (captcha.visible) next.captcha = validateCaptcha(captcha.code, LIMITS.captchaLength);
    return next;
  };

  const sendSms = async () => {
    const mobileError = validateMobile(mobile);
    setErrors((e) => ({ ...e, mobileNum: mobileError }));
    if (mobileError) {
      focus('mobileNum');
      return;
    }
    const sent = await code.send({ purpose: 'login', mobileNum: mobile, countryDialingCode: dialCode });
    if (sent) focus('verificationCode');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next = validate();
    setErrors(next);
    const firstInvalid = (Object.keys(next) as (keyof Errors)[]).find((key) => next[key]);
    if (firstInvalid) {
      focus(firstInvalid);
      return;
    }
    const payload: TLoginRequest =
      tab === 'username'
        ? { type: 'username', username: username.trim(), password }
        : { type: 'sms', mobileNum: mobile.trim(), countryDialingCode: dialCode, verificationCode: smsCode.trim() };
    if (captcha.visible && captcha.captcha) {
      payload.captchaId = captcha.captcha.captchaId;
      payload.captcha = captcha.code;
    }
    payload.rememberMe = remember;
    setSubmitting(true);
    try {
      const result = await login(payload);
      writeRemembered(
        remember
          ? { type: tab, username: tab === 'username' ? username.trim() : mobile.trim(), countryDialingCode: dialCode }
          : null,
      );
      setPassword('');
      acceptSignIn(result, {
        ...(onSignedIn ? { navigateTo: result.session.firstTimeLogin ? WEB_ROUTES.changePassword : null } : {}),
        rememberMe: remember,
      });
      onSignedIn?.();
    } catch (error) {
      if (captchaWanted(error)) {
        if (captcha.visible) void captcha.reload();
        else captcha.show();
      }
      const pause = signInPause(error);
      if (pause) {
        setPausedWaysIn(pause.waysIn);
        startPause(pause.retryAfterSeconds);
      } else {
        void toast.show(errorText(error), { kind: 'error', durationMs: TIMING_MS.toastLong });
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** The pause's SMS way in: the SMS tab, with the number when the player typed one as the user name. */
  const signInBySms = () => {
    const typed = username.trim();
    switchTab('sms');
    if (/^\d+$/.test(typed)) setMobile(typed);
  };

  const typeUsername = (value: string) => {
    setUsername(value);
    // The pause was for the account typed before.
    setPausedWaysIn(null);
  };

  const runTrial = async () => {
    const hide = toast.loading(t('trial_waiting'));
    try {
      const result = await startTrial();
      hide();
      acceptSignIn(result, { navigateTo: WEB_ROUTES.home });
      onSignedIn?.();
    } catch (error) {
      hide();
      void toast.show(errorText(error), { kind: 'error' });
    }
  };

  const social =
    tab === 'username'
      ? [
          settings.whitelabel.FACEBOOKLOGIN3 && thirdPartySignIn('facebook')
            ? { key: 'facebook', label: t('login_facebook'), icon: <FacebookIcon size={20} /> }
            : null,
          settings.whitelabel.GOOGLELOGIN3 && thirdPartySignIn('google')
            ? { key: 'google', label: t('login_google'), icon: <GoogleIcon size={20} /> }
            : null,
        ].filter((item): item is NonNullable<typeof item> => item !== null)
      : [];

  const err = (key: keyof Errors) => messageText(errors[key]);
  const blur = (key: keyof Errors) => () => {
    if (!errors[key]) return;
    setErrors((e) => ({ ...e, [key]: validate()[key] ?? null }));
  };

  // Posted, never the browser's default GET: a submit before the app takes over the screen the
  // server drew (it loads after the first paint) must not put what was typed, the password
  // included, in the address or the access log. The server answers such a post with the page.
  return (
    <form
      method="post"
      className="auth-form"
      data-testid="login-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {smsEnabled ? (
        <Tabs
          label={t('login_tabs')}
          active={tab}
          onChange={switchTab}
          items={[
            { key: 'username', label: t('login_tab_username'), testId: 'login-tab-username' },
            { key: 'sms', label: t('login_tab_sms'), testId: 'login-tab-sms' },
          ]}
        />
      ) : null}
      {tab === 'username' ? (
        <>
          <Field
            name="username"
            label={t('acc_username')}
            value={username}
            onValueChange={typeUsername}
            onBlur={blur('username')}
            icon={<UserIcon size={20} />}
            error={err('username')}
            testId="login-username"
            inputRef={usernameRef}
            autoComplete="username"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
          />
          <PasswordField
            name="password"
            label={t('acc_password')}
            value={password}
            onValueChange={setPassword}
            onBlur={blur('password')}
            icon={<LockIcon size={20} />}
            error={err('password')}
            testId="login-password"
            inputRef={passwordRef}
            autoComplete="current-password"
            maxLength={128}
          />
        </>
      ) : (
        <>
          <Field
            name="mobileNum"
            label={t('acc_mobile')}
            value={mobile}
            onValueChange={setMobile}
            onBlur={blur('mobileNum')}
            icon={<PhoneIcon size={20} />}
            error={err('mobileNum')}
            testId="login-mobile"
            inputRef={mobileRef}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={LIMITS.mobileMaxLength}
            digitsOnly
            leading={
              <DialingCodeSelect
                value={dialCode}
                options={dialCodes}
                onChange={setDialCode}
                testId="login-dialing-code"
              />
            }
          />
          <Field
            name="verificationCode"
            label={t('acc_sms_code')}
            value={smsCode}
            onValueChange={setSmsCode}
            onBlur={blur('verificationCode')}
            icon={<ShieldIcon size={20} />}
            error={err('verificationCode')}
            testId="login-sms-code"
            inputRef={smsCodeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.smsCodeMaxLength}
            digitsOnly
            trailing={
              <SendCodeButton
                testId="login-send-code"
                secondsLeft={code.secondsLeft}
                sending={code.sending}
                onSend={() => void sendSms()}
              />
            }
          />
        </>
      )}
      {captcha.visible ? (
        <CaptchaField
          state={captcha}
          testId="captcha-input"
          error={err('captcha')}
          inputRef={captchaRef}
          onBlur={blur('captcha')}
        />
      ) : null}
      <div className="auth-form__row">
        <Checkbox checked={remember} onChange={setRemember} testId="remember-me">
          {t('login_remember')}
        </Checkbox>
      </div>
      {tab === 'username' && pausedWaysIn ? (
        <SignInPausedNotice secondsLeft={pauseLeft} waysIn={pausedWaysIn} onSmsSignIn={signInBySms} />
      ) : null}
      <button
        type="submit"
        {...keepFieldFocusOnPress}
        className="btn btn--primary btn--block btn--lg"
        data-testid="login-submit"
        disabled={submitting}
        aria-busy={submitting}
      >
        {submitting ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
        {t('login_submit')}
      </button>
      {social.length > 0 ? (
        <div className="auth-social">
          <p className="auth-divider">
            <span>{t('login_or')}</span>
          </p>
          {social.map((item) => (
            <button
              key={item.key}
              type="button"
              className="btn btn--outline btn--block"
              data-testid={`login-${item.key}`}
              onClick={() => void thirdPartySignIn(item.key as 'facebook' | 'google')?.signIn()}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      {showTrial ? (
        <button
          type="button"
          className="btn btn--outline btn--block"
          data-testid="trial-button"
          onClick={() => void runTrial()}
        >
          <PlayIcon size={20} />
          {t('login_trial')}
        </button>
      ) : null}
      {submitting ? (
        <span className="visually-hidden" role="status">
          <Spinner />
        </span>
      ) : null}
    </form>
  );
}
