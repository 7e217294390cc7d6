import { useCallback, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { LOADING_TOAST_SECONDS, TIMING_MS, type TSendCodeResult } from '@palaro/contract';
import { useCountdown } from '../../../shared/ui/form';
import { useToast } from '../../../shared/ui/feedback';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { sendCode, type SendCodeInput } from '../api/signIn';

/** The success toast of a sent code: the server says whether it went by SMS or by e-mail. */
export function sentToastKey(channel: TSendCodeResult['channel']): 'in_email_sent' | 'in_sms_sent' {
  return channel === 'email' ? 'in_email_sent' : 'in_sms_sent';
}

/**
 * Sending a verification code (spec §4): a loading message while sending, "SMS sent" (or "E-mail sent") for
 * 1.5 s on success, then the button counts down the seconds the server asks to wait. Failure hides the loader
 * and says why.
 */
export function useSendCode(loadingMs = LOADING_TOAST_SECONDS * 1000) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [secondsLeft, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TSendCodeResult | null>(null);

  const send = useCallback(
    async (input: SendCodeInput): Promise<TSendCodeResult | null> => {
      setSending(true);
      const hide = toast.loading(t('acc_sending_code'), loadingMs);
      try {
        const answer = await sendCode(input);
        hide();
        setResult(answer);
        startCountdown(answer.resendAfterSeconds > 0 ? answer.resendAfterSeconds : answer.expiredMinutes * 60);
        void toast.show(t(sentToastKey(answer.channel)), { durationMs: TIMING_MS.toastMedium, kind: 'success' });
        return answer;
      } catch (error) {
        hide();
        void toast.show(errorText(error), { durationMs: TIMING_MS.toastLong, kind: 'error' });
        return null;
      } finally {
        setSending(false);
      }
    },
    [toast, t, loadingMs, startCountdown, errorText],
  );

  return { secondsLeft, sending, send, result, sent: result !== null };
}
