import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Navigate, useNavigate } from '../../shared/router';
import { TIMING_MS, WEB_ROUTES, type TSessionInfo } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { fieldErrorsOf } from '../../shared/api/client';
import { saveSignIn, updateSessionInfo, useSessionInfo } from '../../shared/session/session';
import { Field, PasswordField, keepFieldFocusOnPress } from '../../shared/ui/form';
import { useConfirm, useToast } from '../../shared/ui/feedback';
import { useErrorText } from '../../shared/ui/ErrorState';
import { UserIcon } from '../../shared/ui/icons';
import { LockIcon } from '../../shared/ui/accountIcons';
import { changePassword } from './api/passwords';
import { validateConfirm, validateNewPassword, validateRequired } from './lib/validation';
import { useMessageText, type FieldMessage } from '../../shared/i18n/message';
import '../../shared/ui/page.css';
import './accounts.css';

type Name = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

/** /m/changePsw (spec §2, §4): first-time (no old password) or normal change. */
export default function ChangePasswordScreen() {
  const session = useSessionInfo();
  if (!session) return <Navigate to={WEB_ROUTES.home} replace />;
  return <ChangePasswordForm session={session} />;
}

function ChangePasswordForm({ session }: { session: TSessionInfo }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const needsOld = !session.firstTimeLogin;
  const [values, setValues] = useState<Record<Name, string>>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Name, FieldMessage | null>>>({});
  const [submitting, setSubmitting] = useState(false);
  const oldRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const focus = (name: Name) =>
    ({ oldPassword: oldRef, newPassword: newRef, confirmNewPassword: confirmRef })[name].current?.focus();

  const validate = (): Partial<Record<Name, FieldMessage | null>> => ({
    oldPassword: needsOld ? validateRequired(values.oldPassword, 'in_enter_password') : null,
    newPassword: validateNewPassword(settings, values.newPassword),
    confirmNewPassword: validateConfirm(values.newPassword, values.confirmNewPassword),
  });

  const set = (name: Name) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const blur = (name: Name) => () => {
    if (values[name] !== '' || errors[name]) setErrors((e) => ({ ...e, [name]: validate()[name] ?? null }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const next = validate();
    setErrors(next);
    const first = (['oldPassword', 'newPassword', 'confirmNewPassword'] as Name[]).find((n) => next[n]);
    if (first) {
      focus(first);
      return;
    }
    // New equal to old: a confirmation alert and no request (spec §4).
    if (needsOld && values.newPassword === values.oldPassword) {
      await confirm({ message: t('in_new_old_same'), cancelText: null });
      focus('newPassword');
      return;
    }
    setSubmitting(true);
    const hide = toast.loading(t('in_please_wait'));
    try {
      const result = await changePassword({
        ...(needsOld ? { oldPassword: values.oldPassword } : {}),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      hide();
      if (result && typeof result === 'object' && 'session' in result && 'member' in result) {
        saveSignIn(result as Parameters<typeof saveSignIn>[0]);
      }
      updateSessionInfo({ firstTimeLogin: false });
      setValues({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
      await toast.show(t('change_success'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
      await navigate(WEB_ROUTES.home, { replace: true });
    } catch (error) {
      hide();
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) {
        setErrors((e) => ({
          ...e,
          ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { key: v } as FieldMessage])),
        }));
      }
      void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="acc-page" data-testid="change-password-screen">
      <form
        className="acc-card auth-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="change-password-form"
      >
        {!needsOld ? (
          <p className="acc-card__intro" data-testid="change-first-time">
            {t('change_first_time')}
          </p>
        ) : null}
        <Field
          name="username"
          label={t('change_user')}
          value={session.userName}
          onValueChange={() => undefined}
          readOnly
          icon={<UserIcon size={20} />}
          testId="change-username"
        />
        {needsOld ? (
          <PasswordField
            name="oldPassword"
            label={t('change_old_password')}
            value={values.oldPassword}
            onValueChange={set('oldPassword')}
            onBlur={blur('oldPassword')}
            error={messageText(errors.oldPassword)}
            icon={<LockIcon size={20} />}
            testId="change-old-password"
            inputRef={oldRef}
            autoComplete="current-password"
            maxLength={128}
          />
        ) : null}
        <PasswordField
          name="newPassword"
          label={t('change_new_password')}
          value={values.newPassword}
          onValueChange={set('newPassword')}
          onBlur={blur('newPassword')}
          error={messageText(errors.newPassword)}
          icon={<LockIcon size={20} />}
          testId="change-new-password"
          inputRef={newRef}
          autoComplete="new-password"
          maxLength={128}
        />
        <PasswordField
          name="confirmNewPassword"
          label={t('change_confirm_password')}
          value={values.confirmNewPassword}
          onValueChange={set('confirmNewPassword')}
          onBlur={blur('confirmNewPassword')}
          error={messageText(errors.confirmNewPassword)}
          icon={<LockIcon size={20} />}
          testId="change-confirm-password"
          inputRef={confirmRef}
          autoComplete="new-password"
          maxLength={128}
        />
        <button
          type="submit"
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="change-submit"
          disabled={submitting}
        >
          {t('change_submit')}
        </button>
      </form>
    </div>
  );
}
