import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatDate } from '../../shared/lib/format';
import { useSettings } from '../../shared/startup/context';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { ErrorState } from '../../shared/ui/ErrorState';
import { RichText } from '../../shared/ui/RichText';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { useUserAgreement } from './api/agreement';
import './agreement.css';

/** /m/useragreement: the merchant's terms now in force, in the player's language, with their version. */
export default function AgreementScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  const agreement = useUserAgreement();

  if (agreement.isPending) {
    return (
      <div className="agreement" aria-busy="true">
        <Skeleton width="60%" height={24} />
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={14} width={index % 3 === 2 ? '70%' : '100%'} />
        ))}
      </div>
    );
  }
  if (agreement.isError) {
    return <ErrorState testId="agreement-error" error={agreement.error} onRetry={() => void agreement.refetch()} />;
  }
  if (agreement.data === null) {
    return (
      <StateView
        testId="agreement-empty"
        art={<EmptyInboxArt />}
        title={t('agreement_empty_title')}
        body={<p>{t('agreement_empty_body')}</p>}
      />
    );
  }
  const terms = agreement.data;
  return (
    <article className="agreement" data-testid="agreement-screen">
      <h2 className="agreement__title">{terms.title}</h2>
      <p className="agreement__meta" data-testid="agreement-version">
        {t('agreement_version', {
          version: terms.version,
          date: formatDate(terms.publishedAt, language, settings.timeZone),
        })}
      </p>
      <RichText className="agreement__body" html={terms.content} testId="agreement-body" />
    </article>
  );
}
