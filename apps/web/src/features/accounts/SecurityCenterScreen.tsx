import { useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Navigate } from '../../shared/router';
import { useQueryClient } from '../../shared/query/react';
import { LIMITS, TIMING_MS, WEB_ROUTES, type TMemberInfo, type TSignInRecord } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { fieldErrorsOf } from '../../shared/api/client';
import { invalidateMemberInfo, useMemberInfo } from '../../shared/session/api';
import { setMemberInfo } from '../../shared/session/keys';
import { cacheMemberInfo, useSessionInfo } from '../../shared/session/session';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDateTime } from '../../shared/lib/format';
import { DialingCodeSelect, Field, PasswordField, SendCodeButton, keepFieldFocusOnPress } from '../../shared/ui/form';
import { useToast } from '../../shared/ui/feedback';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Modal } from '../../shared/ui/Modal';
import { Skeleton } from '../../shared/ui/Skeleton';
import { ChevronRightIcon, MailIcon } from '../../shared/ui/icons';
import { ClockIcon, DeviceIcon, KeyIcon, LockIcon, PhoneIcon, ShieldIcon } from '../../shared/ui/accountIcons';
import { bindEmail, bindMobile, useSignInHistory } from './api/security';
import { setPaymentPassword } from './api/passwords';
import { validateConfirm, validateEmail, validateMobile, validateRequired, validateSmsCode } from './lib/validation';
import { useMessageText, type FieldMessage } from '../../shared/i18n/message';
import { useSubmit } from './lib/useSubmit';
import { useSendCode } from './components/useSendCode';
import '../../shared/ui/page.css';
import './accounts.css';
import './security.css';

type Sheet = 'mobile' | 'email' | 'payment' | null;

/** A short device name from a user agent, e.g. "Chrome · Android" or "Palaro app · iPhone". */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return '—';
  const os = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux|X11/.test(userAgent)
              ? 'Linux'
              : null;
  const browser = /PalaroApp/.test(userAgent)
    ? 'Palaro app'
    : /Edg\//.test(userAgent)
      ? 'Edge'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /SamsungBrowser/.test(userAgent)
          ? 'Samsung Internet'
          : /Chrome\/|CriOS/.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : null;
  if (!os && !browser) return userAgent.slice(0, 40);
  return [browser, os].filter(Boolean).join(' · ');
}

function isMember(value: unknown): value is TMemberInfo {
  return typeof value === 'object' && value !== null && 'account' in value && 'regDate' in value;
}

/** Saves a member answer (or refetches) after a security change. */
function useMemberUpdated() {
  const queryClient = useQueryClient();
  const session = useSessionInfo();
  return (value: unknown) => {
    if (isMember(value)) {
      cacheMemberInfo(value);
      setMemberInfo(queryClient, session?.userName ?? '', value);
    } else {
      void invalidateMemberInfo(queryClient);
    }
  };
}

/**
 * Saves a sheet: `call` runs, its member answer is kept, a toast says so and the sheet closes.
 * A failure runs `onError` and is shown in a toast.
 */
function useSheetSubmit(onClose: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const updated = useMemberUpdated();
  const { submitting, run } = useSubmit();
  const save = (call: () => Promise<unknown>, onError: (error: unknown) => void) =>
    run(async () => {
      updated(await call());
      void toast.show(t('security_saved'), { durationMs: TIMING_MS.toastMedium, kind: 'success' });
      onClose();
    }, onError);
  return { submitting, save };
}

function FormSheet({
  title,
  testId,
  onClose,
  onSubmit,
  submitting,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {children}
        <button
          type="submit"
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid={`${testId}-submit`}
          disabled={submitting}
        >
          {t('security_save')}
        </button>
      </form>
    </Modal>
  );
}

function MobileSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const messageText = useMessageText();
  const { submitting, save } = useSheetSubmit(onClose);
  const sms = useSendCode();
  const dialCodes = settings.register.countryDialingCodes;
  const [dialCode, setDialCode] = useState(settings.register.defaultCountryDialingCode || dialCodes[0] || '+63');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobileNum?: FieldMessage | null; verificationCode?: FieldMessage | null }>({});

  const send = async () => {
    const mobileNum = validateMobile(mobile);
    setErrors({ mobileNum });
    if (!mobileNum) await sms.send({ purpose: 'bindMobile', mobileNum: mobile, countryDialingCode: dialCode });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      mobileNum: validateMobile(mobile),
      verificationCode: validateSmsCode(code, LIMITS.smsCodeMaxLength),
    };
    setErrors(next);
    if (next.mobileNum || next.verificationCode) return;
    await save(
      () => bindMobile({ mobileNum: mobile, countryDialingCode: dialCode, verificationCode: code }),
      () => setCode(''),
    );
  };

  return (
    <FormSheet
      title={t('security_mobile_title')}
      testId="security-mobile-form"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
    >
      <Field
        name="mobileNum"
        label={t('acc_mobile')}
        value={mobile}
        onValueChange={setMobile}
        error={messageText(errors.mobileNum)}
        icon={<PhoneIcon size={20} />}
        testId="security-mobile"
        type="tel"
        inputMode="tel"
        maxLength={LIMITS.mobileMaxLength}
        digitsOnly
        leading={<DialingCodeSelect value={dialCode} options={dialCodes} onChange={setDialCode} />}
      />
      <Field
        name="verificationCode"
        label={t('acc_sms_code')}
        value={code}
        onValueChange={setCode}
        error={messageText(errors.verificationCode)}
        icon={<ShieldIcon size={20} />}
        testId="security-mobile-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCodeMaxLength}
        digitsOnly
        trailing={
          <SendCodeButton
            testId="security-mobile-send"
            secondsLeft={sms.secondsLeft}
            sending={sms.sending}
            onSend={() => void send()}
          />
        }
      />
    </FormSheet>
  );
}

function EmailSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { submitting, save } = useSheetSubmit(onClose);
  const codeSender = useSendCode();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: FieldMessage | null; verificationCode?: FieldMessage | null }>({});

  const send = async () => {
    const emailError = validateEmail(email);
    setErrors({ email: emailError });
    if (!emailError) await codeSender.send({ purpose: 'bindEmail', email: email.trim(), channel: 'email' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { email: validateEmail(email), verificationCode: validateSmsCode(code, LIMITS.smsCodeMaxLength) };
    setErrors(next);
    if (next.email || next.verificationCode) return;
    await save(
      () => bindEmail({ email: email.trim(), verificationCode: code }),
      () => setCode(''),
    );
  };

  return (
    <FormSheet
      title={t('security_email_title')}
      testId="security-email-form"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
    >
      <Field
        name="email"
        label={t('acc_email')}
        value={email}
        onValueChange={setEmail}
        error={messageText(errors.email)}
        icon={<MailIcon size={20} />}
        testId="security-email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
      />
      <Field
        name="verificationCode"
        label={t('acc_email_code')}
        value={code}
        onValueChange={setCode}
        error={messageText(errors.verificationCode)}
        icon={<ShieldIcon size={20} />}
        testId="security-email-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCodeMaxLength}
        digitsOnly
        trailing={
          <SendCodeButton
            testId="security-email-send"
            secondsLeft={codeSender.secondsLeft}
            sending={codeSender.sending}
            onSend={() => void send()}
          />
        }
      />
    </FormSheet>
  );
}

function PaymentSheet({ hasOld, onClose }: { hasOld: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { submitting, save } = useSheetSubmit(onClose);
  const [values, setValues] = useState({ old: '', login: '', pay: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, FieldMessage | null>>({});
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const oldRef = useRef<HTMLInputElement>(null);
  const loginRef = useRef<HTMLInputElement>(null);
  const payRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  /** Spec §5: the first invalid field, in screen order, gets the focus. */
  const focusFirstInvalid = (invalid: Partial<Record<string, FieldMessage | null>>) => {
    const order = [
      ['old', oldRef],
      ['login', loginRef],
      ['pay', payRef],
      ['confirm', confirmRef],
    ] as const;
    order.find(([name, ref]) => invalid[name] && ref.current)?.[1].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      old: hasOld ? (/^\d{6}$/.test(values.old) ? null : { key: 'in_payment_password_format' as const }) : null,
      login: validateRequired(values.login, 'in_enter_password'),
      pay: /^\d{6}$/.test(values.pay) ? null : { key: 'in_payment_password_format' as const },
      confirm: validateConfirm(values.pay, values.confirm),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(next);
      return;
    }
    await save(
      () =>
        setPaymentPassword({
          ...(hasOld ? { oldPaymentPassword: values.old } : {}),
          loginPassword: values.login,
          paymentPassword: values.pay,
          confirmPaymentPassword: values.confirm,
        }),
      (error) => {
        const fields = fieldErrorsOf(error);
        const map: Record<string, string> = {
          oldPaymentPassword: 'old',
          loginPassword: 'login',
          paymentPassword: 'pay',
          confirmPaymentPassword: 'confirm',
        };
        const serverErrors: Record<string, FieldMessage> = Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [map[k] ?? k, { key: v } as FieldMessage]),
        );
        setErrors((e) => ({ ...e, ...serverErrors }));
        focusFirstInvalid(serverErrors);
      },
    );
  };

  const pin = { inputMode: 'numeric' as const, maxLength: 6, digitsOnly: true, autoComplete: 'off' };
  return (
    <FormSheet
      title={t('security_payment_title')}
      testId="security-payment-form"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
    >
      {hasOld ? (
        <PasswordField
          name="oldPaymentPassword"
          label={t('security_old_payment')}
          value={values.old}
          onValueChange={set('old')}
          error={messageText(errors.old)}
          icon={<KeyIcon size={20} />}
          testId="security-old-payment"
          inputRef={oldRef}
          {...pin}
        />
      ) : null}
      <PasswordField
        name="loginPassword"
        label={t('security_login_password')}
        value={values.login}
        onValueChange={set('login')}
        error={messageText(errors.login)}
        icon={<LockIcon size={20} />}
        testId="security-login-password"
        inputRef={loginRef}
        autoComplete="current-password"
        maxLength={128}
      />
      <PasswordField
        name="paymentPassword"
        label={t('security_new_payment')}
        hint={t('acc_payment_password_hint')}
        value={values.pay}
        onValueChange={set('pay')}
        error={messageText(errors.pay)}
        icon={<KeyIcon size={20} />}
        testId="security-new-payment"
        inputRef={payRef}
        {...pin}
      />
      <PasswordField
        name="confirmPaymentPassword"
        label={t('security_confirm_payment')}
        value={values.confirm}
        onValueChange={set('confirm')}
        error={messageText(errors.confirm)}
        icon={<KeyIcon size={20} />}
        testId="security-confirm-payment"
        inputRef={confirmRef}
        {...pin}
      />
    </FormSheet>
  );
}

function History() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { language } = useLanguage();
  const query = useSignInHistory();
  const methodKey = (method: TSignInRecord['method']) =>
    method === 'sms'
      ? 'security_method_sms'
      : method === 'firebase'
        ? 'security_method_firebase'
        : 'security_method_username';

  return (
    <section className="acc-card" aria-labelledby="sign-in-history">
      <h2 className="acc-card__title" id="sign-in-history">
        {t('security_history')}
      </h2>
      {query.isPending ? (
        <div className="sec-history" aria-busy="true">
          <Skeleton height={52} radius={12} />
          <Skeleton height={52} radius={12} />
        </div>
      ) : query.isError ? (
        <ErrorState compact testId="security-history-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <p className="acc-card__intro" data-testid="security-history-empty">
          {t('security_history_empty')}
        </p>
      ) : (
        <ul className="sec-history">
          {query.data.list.map((record, index) => (
            <li key={`${record.time}-${index}`} className="sec-history__item" data-testid="security-history-item">
              <span className="acc-list__icon">
                <DeviceIcon size={20} />
              </span>
              <div className="sec-history__text">
                <p className="sec-history__device" title={record.device}>
                  {describeDevice(record.device)}
                </p>
                <p className="sec-history__meta">
                  <ClockIcon size={14} />
                  {formatDateTime(record.time, language, settings.timeZone)}
                </p>
                <p className="sec-history__meta sec-history__ip">IP {record.ip}</p>
              </div>
              <span className={`sec-badge${record.success ? '' : ' sec-badge--fail'}`}>
                {record.success ? t(methodKey(record.method)) : t('security_failed')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /m/securityCenter: mobile, e-mail, payment password, payout accounts and sign-in history. */
/** What the security centre hands the payout accounts section the app puts in it (app/screens/SecurityCenter.tsx). */
export interface PayoutAccountsSectionProps {
  hasPaymentPassword: boolean;
  onSetPaymentPassword: () => void;
}

export default function SecurityCenterScreen({
  PayoutAccounts,
}: {
  PayoutAccounts: ComponentType<PayoutAccountsSectionProps>;
}) {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const memberQuery = useMemberInfo();
  const member = memberQuery.data;
  const [sheet, setSheet] = useState<Sheet>(null);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;

  const rows: {
    key: Exclude<Sheet, null>;
    testId: string;
    icon: ReactNode;
    label: string;
    value: string;
    action: string;
  }[] = [
    {
      key: 'mobile',
      testId: 'security-bind-mobile',
      icon: <PhoneIcon size={20} />,
      label: t('security_mobile'),
      value: member?.mobileNum ?? t('security_not_linked'),
      action: member?.mobileNum ? t('security_change') : t('security_link'),
    },
    {
      key: 'email',
      testId: 'security-bind-email',
      icon: <MailIcon size={20} />,
      label: t('security_email'),
      value: member?.email ?? t('security_not_linked'),
      action: member?.email ? t('security_change') : t('security_link'),
    },
    {
      key: 'payment',
      testId: 'security-payment-password',
      icon: <KeyIcon size={20} />,
      label: t('security_payment'),
      value: member?.hasPaymentPassword ? t('security_is_set') : t('security_not_set'),
      action: member?.hasPaymentPassword ? t('security_change') : t('security_set'),
    },
  ];

  return (
    <div className="acc-page" data-testid="security-screen">
      <p className="acc-card__intro sec-intro">{t('security_intro')}</p>
      <ul className="acc-list">
        {rows.map((row) => (
          <li key={row.key}>
            <button
              type="button"
              className="acc-list__item"
              data-testid={row.testId}
              disabled={!member}
              onClick={() => setSheet(row.key)}
            >
              <span className="acc-list__icon">{row.icon}</span>
              <span className="acc-list__label">
                {row.label}
                <span className="sec-value">{member ? row.value : ''}</span>
              </span>
              <span className="sec-action">{row.action}</span>
              <ChevronRightIcon size={18} className="acc-list__chev" />
            </button>
          </li>
        ))}
      </ul>
      {member ? (
        <PayoutAccounts
          hasPaymentPassword={member.hasPaymentPassword}
          onSetPaymentPassword={() => setSheet('payment')}
        />
      ) : null}
      <History />
      {sheet === 'mobile' ? <MobileSheet onClose={() => setSheet(null)} /> : null}
      {sheet === 'email' ? <EmailSheet onClose={() => setSheet(null)} /> : null}
      {sheet === 'payment' ? (
        <PaymentSheet hasOld={member?.hasPaymentPassword ?? false} onClose={() => setSheet(null)} />
      ) : null}
    </div>
  );
}
