import { WEB_ROUTES, type TLotteryGameDetail } from '@palaro/contract';
import { Link } from '../../../shared/router';
import { useTranslation } from '../../../shared/i18n/language';
import { PrimaryAction } from '../../../shared/ui/PrimaryAction';
import type { BetSlip } from '../lib/useBetSlip';
import type { ChaseSettings } from '../lib/useChaseSettings';
import { BetPanel } from './BetPanel';
import { ChasePanel } from './Chase';
import { EntertainmentBoard } from './EntertainmentBoard';
import { SlipList } from './SlipList';

/**
 * The bet section: the board switch (when the game has two), the board of the chosen play type,
 * the slip and, for a member, the chase settings; a visitor is asked to sign in instead.
 */
export function BetSection({
  detail,
  slip,
  chase,
  signedIn,
}: {
  /** The game's detail with its bet types in the player's language. */
  detail: TLotteryGameDetail;
  slip: BetSlip;
  chase: ChaseSettings;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const board = { ...detail, betTypes: detail.betTypes.filter((view) => view.playType === slip.playType) };
  return (
    <>
      {slip.playTypes.length > 0 ? (
        <div className="lt-plays" role="group" aria-label={t('lt_play_label')} data-testid="lottery-play-types">
          {slip.playTypes.map((each) => (
            <button
              key={each}
              type="button"
              className={`lt-play${each === slip.playType ? ' is-active' : ''}`}
              aria-pressed={each === slip.playType}
              data-testid={`lottery-play-${each}`}
              onClick={() => slip.choosePlay(each)}
            >
              {t(`lt_play_${each}`)}
            </button>
          ))}
        </div>
      ) : null}
      {slip.playType === 'Entertainment' ? (
        <EntertainmentBoard detail={board} slip={slip.bets} onToggle={slip.toggle} />
      ) : (
        <BetPanel key={detail.game.gameCode} detail={board} onAdd={slip.add} />
      )}
      <SlipList slip={slip} />
      {signedIn ? (
        <ChasePanel
          on={chase.on}
          onToggle={chase.setOn}
          plan={chase.plan}
          onChange={chase.setPlan}
          slipStake={slip.total}
          maxDraws={chase.maxDraws}
        />
      ) : (
        <PrimaryAction>
          <Link className="btn btn--primary btn--block lt-dock__btn" to={WEB_ROUTES.login}>
            {t('lt_login_to_bet')}
          </Link>
        </PrimaryAction>
      )}
    </>
  );
}
