import { useState, type ReactNode } from 'react';
import { useNavigate } from '../../../shared/router';
import { useTranslation } from '../../../shared/i18n/language';
import { BackIcon } from '../../../shared/ui/icons';
import { useMoney } from '../../../shared/lib/money';
import { playSound, useSoundSwitch } from '../lib/sound';
import { ShieldIcon } from '../../../shared/ui/accountIcons';
import { LanguageControl } from '../../../shared/ui/LanguageControl';
import { useSettings } from '../../../shared/startup/context';
import { PlayMoneyBadge } from '../../../shared/wallet/PlayMoneyBadge';
import { RulesIcon, HistoryIcon, SoundOnIcon, SoundOffIcon } from './gameIcons';

export type GameSheet = 'rules' | 'fairness' | 'rounds';

/**
 * The frame of an in-house game, full screen: exit (to where the launch came from), the balance,
 * the sound switch, the game itself, and the row opening the paytable, fairness and my rounds.
 */
/** "Palaro Isla Slots" as a small brand line over the game's own name. */
function GameTitle({ name }: { name: string }) {
  const [brand, ...rest] = name.split(' ');
  if (rest.length === 0) return <span className="ig-title__name">{name}</span>;
  return (
    <>
      <span className="ig-title__brand">{brand}</span> <span className="ig-title__name">{rest.join(' ')}</span>
    </>
  );
}

export function GameShell({
  back,
  title,
  balance,
  balanceLabel,
  children,
  sheet,
  busy,
  kind,
}: {
  back: string;
  /** The game's name as the server gives it. */
  title: string;
  /** Centavos as the game shows it now (bets taken, wins added when the round has shown them). */
  balance: number;
  balanceLabel?: string;
  children: ReactNode;
  /** The open sheet, drawn by the game; onOpen is how the toolbar opens one. */
  sheet: (open: GameSheet | null, close: () => void, switchTo: (sheet: GameSheet) => void) => ReactNode;
  /** A round is playing: exit asks nothing but stays possible; the round is the server's either way. */
  busy?: boolean;
  kind: 'slot' | 'mines';
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { languages } = useSettings();
  const [sound, toggleSound] = useSoundSwitch();
  const [open, setOpen] = useState<GameSheet | null>(null);

  const openSheet = (name: GameSheet) => {
    playSound('tap');
    setOpen(name);
  };

  return (
    // A drag across the reels or the field is play, not the page's swipe back: exit is the button.
    <div
      className={`ig ig--${kind}`}
      data-testid="inhouse-game"
      data-kind={kind}
      aria-busy={busy || undefined}
      onTouchStart={(event) => event.stopPropagation()}
    >
      <header className="ig-bar">
        <button type="button" className="ig-bar__exit" data-testid="inhouse-exit" onClick={() => void navigate(back)}>
          <BackIcon size={22} />
          <span>{t('ig_exit')}</span>
        </button>
        <div className="ig-bar__balance" data-testid="inhouse-balance-box">
          <span className="ig-bar__balance-label">{balanceLabel ?? t('ig_balance')}</span>
          <output className="ig-bar__balance-amount" data-testid="inhouse-balance" aria-live="polite">
            {money(balance)}
          </output>
          <PlayMoneyBadge />
        </div>
        <button
          type="button"
          className="ig-icon-btn"
          data-testid="inhouse-sound"
          aria-pressed={sound}
          aria-label={t('ig_sound')}
          onClick={toggleSound}
        >
          {sound ? <SoundOnIcon size={22} /> : <SoundOffIcon size={22} />}
        </button>
        <LanguageControl available={languages} />
      </header>
      <h1 className="ig-title">
        <GameTitle name={title} />
      </h1>
      <div className="ig-stage">{children}</div>
      <nav className="ig-tools" aria-label={t('ig_tools')}>
        <button type="button" className="ig-tool" data-testid="inhouse-open-rules" onClick={() => openSheet('rules')}>
          <RulesIcon size={20} />
          <span>{kind === 'slot' ? t('ig_paytable') : t('ig_rules')}</span>
        </button>
        <button
          type="button"
          className="ig-tool"
          data-testid="inhouse-open-fairness"
          onClick={() => openSheet('fairness')}
        >
          <ShieldIcon size={20} />
          <span>{t('ig_fairness')}</span>
        </button>
        <button type="button" className="ig-tool" data-testid="inhouse-open-rounds" onClick={() => openSheet('rounds')}>
          <HistoryIcon size={20} />
          <span>{t('ig_my_rounds')}</span>
        </button>
      </nav>
      {sheet(open, () => setOpen(null), setOpen)}
    </div>
  );
}
