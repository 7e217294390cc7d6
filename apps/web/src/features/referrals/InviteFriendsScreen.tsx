import { useEffect, type ReactNode } from 'react';
import { MEMBER_TYPES, TIMING_MS, WEB_ROUTES, type TAffiliateInfo } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import { Navigate, useNavigate } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { useToast } from '../../shared/ui/feedback';
import { ErrorState } from '../../shared/ui/ErrorState';
import { PrimaryAction } from '../../shared/ui/PrimaryAction';
import { Skeleton } from '../../shared/ui/Skeleton';
import { UsersIcon } from '../../shared/ui/icons';
import { CoinsIcon } from '../../shared/ui/accountIcons';
import { spriteIcon } from '../../shared/ui/frameIcons';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { useAffiliateInfo } from './api/affiliateInfo';
import { InviteeList } from './components/InviteeList';
import { QrCode } from './components/QrCode';
import { referralLink } from './lib/referralLink';
import { copyText, shareOrCopy, type ShareOutcome } from './lib/share';
import '../../shared/ui/page.css';
import './invite.css';

const ShareIcon = spriteIcon('share');
const CopyIcon = spriteIcon('copy');

function Stat({ icon, value, label, testId }: { icon: ReactNode; value: number; label: string; testId: string }) {
  return (
    <div className="invite-stat">
      <span className="invite-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <strong className="invite-stat__value" data-testid={testId}>
        {value}
      </strong>
      <span className="invite-stat__label">{label}</span>
    </div>
  );
}

function InviteCard({ info }: { info: TAffiliateInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const siteName = useSettings().name;
  const link = referralLink(info.registerPath);

  const tell = (outcome: ShareOutcome, copiedKey: 'invite_copied_code' | 'invite_copied_link') => {
    if (outcome === 'copied') void toast.show(t(copiedKey), { kind: 'success', durationMs: TIMING_MS.toastMedium });
    else if (outcome === 'failed')
      void toast.show(t('invite_copy_failed'), { kind: 'error', durationMs: TIMING_MS.toastLong });
  };
  const share = async () =>
    tell(
      await shareOrCopy({
        url: link,
        title: t('title_invite_friends'),
        text: t('invite_share_text', { site: siteName, code: info.referralCode }),
      }),
      'invite_copied_link',
    );

  return (
    <>
      <section className="invite-hero">
        <h2 className="invite-hero__title">{t('invite_intro_title')}</h2>
        <p className="invite-hero__body">{t('invite_intro_body')}</p>
        <div className="invite-hero__stats">
          <Stat
            icon={<UsersIcon size={18} />}
            value={info.invitedCount}
            label={t('invite_stat_invited')}
            testId="invite-invited-count"
          />
          <Stat
            icon={<CoinsIcon size={18} />}
            value={info.depositedCount}
            label={t('invite_stat_deposited')}
            testId="invite-deposited-count"
          />
        </div>
      </section>

      <section className="acc-card invite-card" aria-labelledby="invite-code-label">
        <div className="invite-code">
          <span className="invite-code__label" id="invite-code-label">
            {t('invite_code_label')}
          </span>
          <span className="invite-code__row">
            <strong className="invite-code__value" data-testid="invite-code">
              {info.referralCode}
            </strong>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              data-testid="invite-copy-code"
              onClick={() => void copyText(info.referralCode).then((outcome) => tell(outcome, 'invite_copied_code'))}
            >
              <CopyIcon size={16} />
              {t('invite_copy_code')}
            </button>
          </span>
        </div>
        <figure className="invite-qr-frame">
          <QrCode text={link} label={t('invite_qr_label')} />
          <figcaption className="invite-qr-frame__hint">{t('invite_qr_hint')}</figcaption>
        </figure>
        <div className="invite-link">
          <span className="invite-code__label">{t('invite_link_label')}</span>
          <span className="invite-link__row">
            <span className="invite-link__value" data-testid="invite-link">
              {link}
            </span>
            <button
              type="button"
              className="icon-btn invite-link__copy"
              data-testid="invite-copy-link"
              aria-label={t('invite_copy_link')}
              onClick={() => void copyText(link).then((outcome) => tell(outcome, 'invite_copied_link'))}
            >
              <CopyIcon size={20} />
            </button>
          </span>
        </div>
      </section>

      <PrimaryAction>
        <button
          type="button"
          className="btn btn--primary btn--block btn--lg"
          data-testid="invite-share"
          onClick={() => void share()}
        >
          <ShareIcon size={20} />
          {t('invite_share')}
        </button>
      </PrimaryAction>
    </>
  );
}

/** Without the REFERRAL promotion: the spec's "contact service" for 2 s, then the member centre. */
function ReferralOff() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    void toast.show(t('in_contact_service'), { durationMs: TIMING_MS.toastLong });
    void navigate(WEB_ROUTES.mine, { replace: true });
  }, [toast, t, navigate]);
  return null;
}

/** /m/inviteFriends: the member's referral code, link and QR code, sharing, and the friends who joined. */
export default function InviteFriendsScreen() {
  const session = useSessionInfo();
  const settings = useSettings();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const allowed = Boolean(session) && !isTrial && settings.promotions.REFERRAL;
  const info = useAffiliateInfo(allowed);

  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (!settings.promotions.REFERRAL) return <ReferralOff />;
  if (isTrial) return <TrialRefused />;

  return (
    <div className="acc-page invite-page" data-testid="invite-screen">
      {info.isPending ? (
        <div className="invite-page__loading" aria-busy="true" data-testid="invite-loading">
          <Skeleton height={150} radius={20} />
          <Skeleton height={420} radius={20} />
        </div>
      ) : info.isError ? (
        <ErrorState testId="invite-error" error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <InviteCard info={info.data} />
      )}
      {info.isSuccess ? <InviteeList /> : null}
    </div>
  );
}
