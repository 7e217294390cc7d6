import { useTranslation } from '../../shared/i18n/language';
import { WEB_ROUTES } from '@palaro/contract';
import { useToast } from '../../shared/ui/feedback';
import { useErrorText } from '../../shared/ui/ErrorState';
import { PlayIcon } from '../../shared/ui/accountIcons';
import { startTrial } from './api/signIn';
import { useAcceptSignIn } from './lib/session-result';
import '../../shared/ui/page.css';
import './accounts.css';

/** /m/trail: start a free trial (type-4 member with practice credits), then home. */
export default function TrialScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const acceptSignIn = useAcceptSignIn();

  const start = async () => {
    const hide = toast.loading(t('trial_waiting'));
    try {
      const result = await startTrial();
      hide();
      acceptSignIn(result, { navigateTo: WEB_ROUTES.home });
    } catch (error) {
      hide();
      void toast.show(errorText(error), { kind: 'error' });
    }
  };

  return (
    <div className="acc-page" data-testid="trial-screen">
      <section className="acc-card">
        <div className="trial-hero">
          <span className="trial-hero__badge">
            <PlayIcon size={44} />
          </span>
          <h2>{t('trial_title')}</h2>
          <p>{t('trial_body')}</p>
        </div>
        <button
          type="button"
          className="btn btn--primary btn--block btn--lg"
          data-testid="trial-button"
          onClick={() => void start()}
        >
          {t('trial_start')}
        </button>
      </section>
    </div>
  );
}
