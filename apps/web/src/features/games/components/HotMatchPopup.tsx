import { WEB_ROUTES, type THotMatch } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { formatMonthDayTime } from '../../../shared/lib/format';
import { useNavigate } from '../../../shared/router';
import { useSessionInfo } from '../../../shared/session/session';
import { useSettings } from '../../../shared/startup/context';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { Modal } from '../../../shared/ui/Modal';
import { useVendorInfo } from '../api/vendors';
import { hotMatchCategory, hotMatchLaunchable, launchTarget } from '../lib/launchTarget';
import { withPageBack } from '../lib/launchRequest';

const POPUP_BADGE_SIZE = 64;

/**
 * The hot-match popup (spec §2): league, both teams with their badges, the kick-off MM/DD HH:mm
 * and a bet button launching the match straight away — its vendor, its roomId as the game id and
 * its node id, with no choice prompt (spec §4).
 */
export default function HotMatchPopup({ match, onClose }: { match: THotMatch; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useSettings().timeZone;
  const signedIn = useSessionInfo() !== null;
  const vendors = useVendorInfo();
  const bet = () =>
    void navigate(
      withPageBack(
        launchTarget(hotMatchLaunchable(match, hotMatchCategory(match.vendor, vendors.data)), signedIn),
        WEB_ROUTES.home,
      ),
    );
  return (
    <Modal title={match.league} onClose={onClose} testId="hot-match-popup">
      <div className="hm-popup">
        <div className="hm-popup__teams">
          <div className="hm-popup__team">
            <CdnImage
              src={match.homeTeamImageUrl}
              width={POPUP_BADGE_SIZE}
              height={POPUP_BADGE_SIZE}
              alt=""
              className="hm-popup__badge"
            />
            <span className="hm-popup__name" translate="no" data-testid="hot-match-popup-home">
              {match.homeTeam}
            </span>
          </div>
          <span className="hm-popup__vs">{t('hot_match_vs')}</span>
          <div className="hm-popup__team">
            <CdnImage
              src={match.awayTeamImageUrl}
              width={POPUP_BADGE_SIZE}
              height={POPUP_BADGE_SIZE}
              alt=""
              className="hm-popup__badge"
            />
            <span className="hm-popup__name" translate="no" data-testid="hot-match-popup-away">
              {match.awayTeam}
            </span>
          </div>
        </div>
        <p className="hm-popup__time" data-testid="hot-match-popup-time">
          {t('hot_match_kickoff', { time: formatMonthDayTime(match.matchTime, timeZone) })}
        </p>
        <button type="button" className="btn btn--primary btn--block" data-testid="hot-match-bet" onClick={bet}>
          {t('hot_match_bet')}
        </button>
      </div>
    </Modal>
  );
}
