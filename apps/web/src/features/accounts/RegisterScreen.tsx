import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, useSearchParams } from '../../shared/router';
import {
  ERROR_CODES,
  LIMITS,
  REFERRAL_QUERY_PARAM,
  STORAGE_KEYS,
  TIMING_MS,
  WEB_ROUTES,
  type RegistrationField,
  type TFieldRule,
  type TRegisterRequest,
} from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { ApiError, fieldErrorsOf } from '../../shared/api/client';
import { readLocal } from '../../shared/lib/storage';
import { detectRegisterMethod } from '../../shared/lib/platform';
import {
  Checkbox,
  DialingCodeSelect,
  Field,
  PasswordField,
  SendCodeButton,
  Tabs,
  keepFieldFocusOnPress,
} from '../../shared/ui/form';
import { useToast } from '../../shared/ui/feedback';
import { useErrorText } from '../../shared/ui/ErrorState';
import { MailIcon, UserIcon } from '../../shared/ui/icons';
import { KeyIcon, LockIcon, PhoneIcon, ShieldIcon, StarIcon } from '../../shared/ui/accountIcons';
import { checkAffiliate, register } from './api/signIn';
import {
  FIELD_LABEL_KEYS,
  enabledOptionalFields,
  validateByRule,
  validateCaptcha,
  validateConfirm,
} from './lib/validation';
import { useMessageText, type FieldMessage } from '../../shared/i18n/message';
import { useAcceptSignIn } from './lib/session-result';
import { AuthShell } from './components/AuthShell';
import { RegisterBanner } from './components/RegisterBanner';
import { CaptchaField, useCaptcha } from './components/CaptchaField';
import { useSendCode } from './components/useSendCode';

type RegisterTab = 'username' | 'mobile';
type FormField = RegistrationField | 'confirmPassword' | 'captcha';

const REQUIRED: TFieldRule = { enabled: true, required: true, pattern: null };

/** Which registration tabs the merchant allows (USERNAMEREG3, MOBILENUMREG3); only mobile starts on mobile. */
export function registerTabs(whitelabel: { USERNAMEREG3: boolean; MOBILENUMREG3: boolean }): RegisterTab[] {
  const tabs: RegisterTab[] = [];
  if (whitelabel.USERNAMEREG3) tabs.push('username');
  if (whitelabel.MOBILENUMREG3) tabs.push('mobile');
  return tabs.length > 0 ? tabs : ['username'];
}

const ICONS: Partial<Record<FormField, ReactNode>> = {
  username: <UserIcon size={20} />,
  email: <MailIcon size={20} />,
  affiliateCode: <StarIcon size={20} />,
  recommenderId: <StarIcon size={20} />,
  paymentPassword: <KeyIcon size={20} />,
};

/** /m/register, /register.html, /m/register.html (spec §2 Registration, §3 payload, §5 rules). */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const toast = useToast();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const acceptSignIn = useAcceptSignIn();
  const [search] = useSearchParams();
  const tabs = registerTabs(settings.whitelabel);
  const [tab, setTab] = useState<RegisterTab>(tabs[0]!);
  const rules = settings.register.fields;
  // A friend's invite link carries their referral code: the field shows, filled, even where the
  // merchant's form does not ask for it, so the player sees who invited them.
  const linkedReferral = Boolean(search.get(REFERRAL_QUERY_PARAM));
  const optional = useMemo(() => {
    const enabled = enabledOptionalFields(settings);
    return linkedReferral && !enabled.includes('recommenderId') ? [...enabled, 'recommenderId' as const] : enabled;
  }, [settings, linkedReferral]);
  const dialCodes = settings.register.countryDialingCodes;

  const [values, setValues] = useState<Partial<Record<FormField, string>>>(() => ({
    affiliateCode: search.get('affiliateCode') ?? search.get('code') ?? '',
    recommenderId: search.get(REFERRAL_QUERY_PARAM) ?? '',
  }));
  const [dialCode, setDialCode] = useState(settings.register.defaultCountryDialingCode || dialCodes[0] || '+63');
  const [agree, setAgree] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<FormField, FieldMessage | null>>>({});
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha(true);
  const code = useSendCode();
  const refs = useRef<Partial<Record<FormField, HTMLInputElement | null>>>({});

  const { reload: reloadCaptcha } = captcha;
  useEffect(() => {
    void reloadCaptcha();
  }, [reloadCaptcha]);

  const smsNeeded = tab === 'mobile' || settings.whitelabel.REGMOBVERF3;
  const showMobile = tab === 'mobile' || smsNeeded || Boolean(rules.mobileNum?.enabled);
  const mobileRule = smsNeeded
    ? { ...(rules.mobileNum ?? REQUIRED), enabled: true, required: true }
    : (rules.mobileNum ?? null);
  // A mobile number the player may leave out goes with the other details, so it never reads as required.
  const mobileIsExtra = showMobile && !mobileRule?.required;

  /** The fields of the active tab, in the order they show, with the rule each is checked by. */
  const fields: { name: FormField; rule: TFieldRule | null }[] = [
    ...(tab === 'username' ? [{ name: 'username' as const, rule: rules.username ?? REQUIRED }] : []),
    ...(showMobile && !mobileIsExtra ? [{ name: 'mobileNum' as const, rule: mobileRule }] : []),
    ...(smsNeeded
      ? [
          {
            name: 'verificationCode' as const,
            rule: { ...(rules.verificationCode ?? REQUIRED), enabled: true, required: true },
          },
        ]
      : []),
    { name: 'password', rule: rules.password ? { ...rules.password, enabled: true, required: true } : REQUIRED },
    { name: 'confirmPassword', rule: null },
    ...(mobileIsExtra ? [{ name: 'mobileNum' as const, rule: mobileRule }] : []),
    ...optional.filter((f) => f !== 'mobileNum').map((name) => ({ name, rule: rules[name] ?? null })),
    { name: 'captcha', rule: null },
  ];
  const extraNames = new Set<FormField>([
    ...optional.filter((f) => f !== 'mobileNum'),
    ...(mobileIsExtra ? ['mobileNum' as const] : []),
  ]);
  const extraFields = fields.filter((f) => extraNames.has(f.name));
  // The heading says "optional" when all the other details are; else each optional one says so under it.
  const allExtraOptional = extraFields.every((f) => !f.rule?.required);
  /** What is shown under a field: "optional" where the heading does not say it, and the field's own hint. */
  const hintOf = (name: FormField, own?: string) => {
    const optionalHere = !allExtraOptional && extraFields.some((f) => f.name === name && !f.rule?.required);
    return [optionalHere ? t('register_optional_field') : null, own].filter(Boolean).join(' · ') || undefined;
  };

  const value = (name: FormField) => values[name] ?? '';
  const setValue = (name: FormField) => (next: string) => setValues((v) => ({ ...v, [name]: next }));

  const check = (name: FormField, all = values): FieldMessage | null => {
    if (name === 'confirmPassword') return validateConfirm(all.password ?? '', all.confirmPassword ?? '');
    if (name === 'captcha') return validateCaptcha(captcha.code, LIMITS.captchaLength);
    const def = fields.find((f) => f.name === name);
    return validateByRule(name, def?.rule ?? undefined, all[name] ?? '');
  };

  const onBlur = (name: FormField) => () => setErrors((e) => ({ ...e, [name]: check(name) }));

  const focus = (name: FormField) => {
    const input = refs.current[name];
    input?.focus();
    input?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const switchTab = (next: RegisterTab) => {
    if (next === tab) return;
    setTab(next); // the typed mobile number stays in values and carries across tabs
    setErrors({});
  };

  const sendSms = async (channel: 'sms' | 'email' = 'sms') => {
    const mobileError = check('mobileNum');
    setErrors((e) => ({ ...e, mobileNum: mobileError }));
    if (mobileError) {
      focus('mobileNum');
      return;
    }
    const sent = await code.send({
      purpose: 'register',
      mobileNum: value('mobileNum').trim(),
      countryDialingCode: dialCode,
      channel,
    });
    if (sent) focus('verificationCode');
  };

  const affiliateFailed = async () => {
    await toast.show(t('in_invalid_invitation_code'), { durationMs: TIMING_MS.toastShort, kind: 'error' });
    setErrors((e) => ({ ...e, affiliateCode: { key: 'in_invalid_invitation_code' } }));
    focus('affiliateCode');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !agree) return;
    const next: Partial<Record<FormField, FieldMessage | null>> = {};
    for (const field of fields) next[field.name] = check(field.name);
    setErrors(next);
    const firstInvalid = fields.find((f) => next[f.name]);
    if (firstInvalid) {
      focus(firstInvalid.name);
      return;
    }
    setSubmitting(true);
    try {
      const affiliate = value('affiliateCode').trim();
      if (optional.includes('affiliateCode') && affiliate) {
        const checked = await checkAffiliate(affiliate, window.location.hostname).catch(() => ({ valid: false }));
        if (!checked.valid) {
          await affiliateFailed();
          return;
        }
      }
      const payload: TRegisterRequest = {
        method: tab,
        type: 0,
        registerMethod: detectRegisterMethod(navigator.userAgent, undefined, readLocal(STORAGE_KEYS.webClip)),
        registerUrl: window.location.host,
        domain: window.location.hostname,
        password: value('password'),
        confirmPassword: value('confirmPassword'),
        countryDialingCode: showMobile ? dialCode : undefined,
        captchaId: captcha.captcha?.captchaId,
        captcha: captcha.code,
      };
      for (const field of fields) {
        if (field.name === 'password' || field.name === 'confirmPassword' || field.name === 'captcha') continue;
        const v = value(field.name).trim();
        if (v) (payload as Record<string, unknown>)[field.name] = v;
      }
      const result = await register(payload);
      void toast.show(t('in_registered_successfully'), { durationMs: TIMING_MS.toastMedium, kind: 'success' });
      acceptSignIn(result, { navigateTo: WEB_ROUTES.home });
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.affiliateInvalid) {
        await affiliateFailed();
        return;
      }
      const serverFields = fieldErrorsOf(error);
      const names = Object.keys(serverFields) as FormField[];
      if (names.length > 0) {
        setErrors((e) => ({
          ...e,
          ...Object.fromEntries(names.map((n) => [n, { key: serverFields[n] } as FieldMessage])),
        }));
        const first = fields.find((f) => names.includes(f.name));
        if (first) focus(first.name);
      }
      if (
        error instanceof ApiError &&
        (error.code === ERROR_CODES.captchaInvalid || error.code === ERROR_CODES.captchaRequired)
      ) {
        void captcha.reload();
        focus('captcha');
      } else if (error instanceof ApiError && error.code === ERROR_CODES.codeInvalid) {
        setValue('verificationCode')('');
        focus('verificationCode');
      } else {
        void captcha.reload();
      }
      void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const inputRef = (name: FormField) => (el: HTMLInputElement | null) => {
    refs.current[name] = el;
  };
  const testIds: Partial<Record<FormField, string>> = {
    username: 'register-username',
    password: 'register-password',
    confirmPassword: 'register-confirm-password',
    mobileNum: 'register-mobile',
    verificationCode: 'register-sms-code',
  };

  const renderField = (name: FormField) => {
    const common = {
      name,
      value: value(name),
      onValueChange: setValue(name),
      onBlur: onBlur(name),
      error: messageText(errors[name]),
      inputRef: inputRef(name),
      testId: testIds[name] ?? `register-${name}`,
    };
    switch (name) {
      case 'captcha':
        return (
          <CaptchaField
            key={name}
            state={captcha}
            testId="register-captcha"
            error={common.error}
            inputRef={common.inputRef}
            onBlur={common.onBlur}
          />
        );
      case 'password':
        return (
          <PasswordField
            key={name}
            {...common}
            label={t('acc_password')}
            icon={<LockIcon size={20} />}
            autoComplete="new-password"
            maxLength={128}
          />
        );
      case 'confirmPassword':
        return (
          <PasswordField
            key={name}
            {...common}
            label={t('acc_confirm_password')}
            icon={<LockIcon size={20} />}
            autoComplete="new-password"
            maxLength={128}
          />
        );
      case 'paymentPassword':
        return (
          <PasswordField
            key={name}
            {...common}
            label={t('acc_payment_password')}
            hint={hintOf(name, t('acc_payment_password_hint'))}
            icon={<KeyIcon size={20} />}
            inputMode="numeric"
            maxLength={6}
            digitsOnly
            autoComplete="off"
          />
        );
      case 'mobileNum':
        return (
          <Field
            key={name}
            {...common}
            label={t('acc_mobile')}
            hint={hintOf(name)}
            icon={<PhoneIcon size={20} />}
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
                testId="register-dialing-code"
              />
            }
          />
        );
      case 'verificationCode':
        return (
          <Field
            key={name}
            {...common}
            label={t('acc_sms_code')}
            icon={<ShieldIcon size={20} />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.smsCodeMaxLength}
            digitsOnly
            trailing={
              <SendCodeButton
                testId="register-send-code"
                secondsLeft={code.secondsLeft}
                sending={code.sending}
                onSend={() => void sendSms()}
              />
            }
          />
        );
      default:
        return (
          <Field
            key={name}
            {...common}
            label={t(FIELD_LABEL_KEYS[name])}
            hint={hintOf(name, name === 'payeeName' ? t('acc_payee_name_hint') : undefined)}
            icon={ICONS[name] ?? <UserIcon size={20} />}
            type={name === 'email' ? 'email' : 'text'}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            autoComplete={
              name === 'username' ? 'username' : name === 'email' ? 'email' : name === 'nickname' ? 'nickname' : 'off'
            }
            maxLength={128}
          />
        );
    }
  };

  const main = fields.filter((f) => !extraNames.has(f.name) && f.name !== 'captcha');

  // Posted for the reason LoginForm's form is.
  return (
    <AuthShell title={t('register_title')} subtitle={t('register_subtitle')} testId="register-screen">
      <RegisterBanner />
      <form
        method="post"
        className="auth-form"
        data-testid="register-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {tabs.length > 1 ? (
          <Tabs
            label={t('register_tabs')}
            active={tab}
            onChange={switchTab}
            items={[
              { key: 'username', label: t('register_tab_username'), testId: 'register-tab-username' },
              { key: 'mobile', label: t('register_tab_mobile'), testId: 'register-tab-mobile' },
            ]}
          />
        ) : null}
        {main.map((f) => renderField(f.name))}
        {code.result ? (
          <p className="auth-form__hint" data-testid="register-code-sent">
            {t('acc_code_sent_to', { destination: code.result.destination })}
          </p>
        ) : null}
        {code.result?.emailFallbackAvailable && code.result.channel === 'sms' ? (
          <button
            type="button"
            className="auth-form__link"
            data-testid="register-email-fallback"
            disabled={code.sending}
            onClick={() => void sendSms('email')}
          >
            {t('acc_email_fallback')}
          </button>
        ) : null}
        {extraFields.length > 0 ? (
          <fieldset className="auth-form__group" data-testid="register-more-details">
            <legend className="auth-form__section">
              {allExtraOptional ? t('register_optional_all') : t('register_optional')}
            </legend>
            {extraFields.map((f) => renderField(f.name))}
          </fieldset>
        ) : null}
        {renderField('captcha')}
        <div className="auth-form__row">
          <Checkbox checked={agree} onChange={setAgree} testId="register-agree">
            {t('register_agree', { age: settings.minimumAge })}{' '}
            <Link to={settings.paths.agreement || WEB_ROUTES.userAgreement}>{t('register_agreement')}</Link>
          </Checkbox>
        </div>
        <button
          type="submit"
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="register-submit"
          disabled={!agree || submitting}
          aria-busy={submitting}
        >
          {submitting ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {t('register_submit')}
        </button>
        <p className="auth-form__foot">
          {t('register_have_account')}
          <Link to={WEB_ROUTES.login} data-testid="register-login-link">
            {t('register_login')}
          </Link>
        </p>
      </form>
    </AuthShell>
  );
}
