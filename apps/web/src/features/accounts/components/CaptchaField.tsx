import { useCallback, useState, type Ref } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { LIMITS, type TCaptcha } from '@palaro/contract';
import { Field } from '../../../shared/ui/form';
import { Spinner } from '../../../shared/ui/feedback';
import { ShieldIcon } from '../../../shared/ui/accountIcons';
import { fetchCaptcha } from '../api/signIn';

/** A captcha: hidden until shown (sign-in) or shown from the start (registration); reload clears the code. */
export function useCaptcha(initiallyVisible: boolean) {
  const [visible, setVisible] = useState(initiallyVisible);
  const [captcha, setCaptcha] = useState<TCaptcha | null>(null);
  const [loading, setLoading] = useState(false);
  const [code, setCode] = useState('');

  const reload = useCallback(async () => {
    setCode('');
    setLoading(true);
    try {
      setCaptcha(await fetchCaptcha());
    } catch {
      setCaptcha(null);
    } finally {
      setLoading(false);
    }
  }, []);

  const show = useCallback(() => {
    setVisible(true);
    void reload();
  }, [reload]);

  return { visible, captcha, loading, code, setCode, reload, show };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;

export function CaptchaField({
  state,
  error,
  testId,
  inputRef,
  onBlur,
}: {
  state: CaptchaState;
  error?: string | null;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      name="captcha"
      label={t('acc_captcha')}
      value={state.code}
      onValueChange={state.setCode}
      onBlur={onBlur}
      icon={<ShieldIcon size={20} />}
      error={error}
      testId={testId}
      inputRef={inputRef}
      inputMode="numeric"
      autoComplete="off"
      digitsOnly
      maxLength={LIMITS.captchaLength}
      trailing={
        <button
          type="button"
          className="field__captcha"
          data-testid="captcha-image"
          aria-label={t('acc_captcha_reload')}
          onClick={() => void state.reload()}
        >
          {state.loading ? (
            <Spinner />
          ) : state.captcha ? (
            <img
              src={`data:image/png;base64,${state.captcha.captcha.replace(/^data:image\/png;base64,/, '')}`}
              alt={t('acc_captcha')}
            />
          ) : null}
        </button>
      }
    />
  );
}
