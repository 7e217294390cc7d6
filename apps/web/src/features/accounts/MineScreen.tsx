import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { useNavigate } from '../../shared/router';
import { MEMBER_TYPES, TIMING_MS, WEB_ROUTES } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { BackButton } from '../../shared/ui/BackButton';
import { renewSession, useMemberInfo } from '../../shared/session/api';
import { useSessionInfo } from '../../shared/session/session';
import { useToast } from '../../shared/ui/feedback';
import { CogIcon, DownloadIcon } from '../../shared/ui/accountIcons';
import { memberCentreVariant, memberEntries, memberTiles, type TileName } from './lib/memberCentre';
import { useDownloadPopup } from '../../shared/download/useDownloadPopup';
import { LoginDialog } from './components/LoginDialog';
import { LoginPrompt, MemberInfo } from './components/mine/MemberInfo';
import { MineEntries, MineTiles } from './components/mine/MineShortcuts';
import '../../shared/ui/page.css';
import './accounts.css';
import './mine.css';

/** /m/mine and /m/member/home (spec §2 Member centre), new or base by the merchant's mobileTemplate.mem_cen. */
export default function MineScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useSessionInfo();
  const memberQuery = useMemberInfo();
  const member = session ? (memberQuery.data ?? null) : null;
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<'login' | null>(null);
  const download = useDownloadPopup();
  const isTrial = session?.type === MEMBER_TYPES.trial || member?.type === MEMBER_TYPES.trial;

  // Trial members are refused from the member centre with free_reject for 2 s (spec §2), then home.
  useEffect(() => {
    if (!isTrial) return;
    void toast.show(t('free_reject'), { durationMs: TIMING_MS.toastLong, kind: 'error' });
    void navigate(WEB_ROUTES.home, { replace: true });
  }, [isTrial, toast, t, navigate]);

  // The member centre renews the session (spec §7).
  const signedIn = session !== null && !isTrial;
  useEffect(() => {
    if (signedIn) void renewSession().catch(() => undefined);
  }, [signedIn]);

  const go = (to: string) => {
    if (!session) setDialog('login');
    else void navigate(to);
  };

  const onTile = (name: TileName, to: string | null) => {
    if (!session) return setDialog('login');
    if (name === 'download') return download.open();
    if (name === 'invite' && !to) return void toast.show(t('in_contact_service'), { durationMs: TIMING_MS.toastLong });
    if (to) void navigate(to);
  };

  const entries = memberEntries(settings, member);
  const tiles = memberTiles(settings);
  const variant = memberCentreVariant(settings.mobileTemplate.mem_cen);

  return (
    <div className={`mine mine--${variant}`} data-testid="mine-screen" data-variant={variant}>
      <div className="mine__bar">
        <BackButton to={WEB_ROUTES.home} testId="screen-back" />
        <h1 className="mine__title" data-testid="screen-title">
          {t('title_member_centre')}
        </h1>
        <div className="mine__bar-actions">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('mine_download')}
            data-testid="mine-download"
            onClick={download.open}
          >
            <DownloadIcon size={22} />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('mine_settings')}
            data-testid="mine-settings"
            onClick={() => go(WEB_ROUTES.settings)}
          >
            <CogIcon size={22} />
          </button>
        </div>
      </div>

      {session ? (
        <MemberInfo
          variant={variant}
          userName={session.userName}
          member={member}
          showBenefits={settings.vip.display && settings.vip.benefits}
        />
      ) : (
        <LoginPrompt variant={variant} onLogin={() => setDialog('login')} />
      )}

      <MineTiles variant={variant} tiles={tiles} onTile={(tile) => onTile(tile.name, tile.to)} />
      <MineEntries variant={variant} entries={entries} onEntry={(entry) => go(entry.to)} />

      {dialog === 'login' ? <LoginDialog onClose={() => setDialog(null)} /> : null}
      {download.popup}
    </div>
  );
}
