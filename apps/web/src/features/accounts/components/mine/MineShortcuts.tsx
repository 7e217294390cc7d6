import type { ReactNode } from 'react';
import { useTranslation } from '../../../../shared/i18n/language';
import { UnreadBadge } from '../../../../shared/inbox/UnreadBadge';
import { ChevronRightIcon, CrownIcon, MailIcon, UsersIcon } from '../../../../shared/ui/icons';
import { ArrowDownIcon, ArrowUpIcon } from '../../../../shared/ui/menuIcons';
import {
  AgencyIcon,
  ChartIcon,
  CoinsIcon,
  DocIcon,
  DownloadIcon,
  FeedbackIcon,
  PercentIcon,
  ShieldIcon,
  TransferIcon,
  TrophyIcon,
} from '../../../../shared/ui/accountIcons';
import type { EntryName, MemberCentreVariant, MemberEntry, MemberTile, TileName } from '../../lib/memberCentre';

const TILE_ICONS: Record<TileName, ReactNode> = {
  benefits: <CrownIcon size={24} />,
  download: <DownloadIcon size={24} />,
  deposit: <ArrowDownIcon size={24} />,
  withdraw: <ArrowUpIcon size={24} />,
  invite: <UsersIcon size={24} />,
  security: <ShieldIcon size={24} />,
};

const ENTRY_ICONS: Record<EntryName, ReactNode> = {
  agency: <AgencyIcon size={20} />,
  depositRecords: <ArrowDownIcon size={20} />,
  withdrawReport: <ArrowUpIcon size={20} />,
  accountRecords: <DocIcon size={20} />,
  bettingRecords: <DocIcon size={20} />,
  profitLoss: <ChartIcon size={20} />,
  uplineTransfer: <TransferIcon size={20} />,
  rewardCenter: <TrophyIcon size={20} />,
  manualRebate: <CoinsIcon size={20} />,
  leaderboard: <TrophyIcon size={20} />,
  redRain: <CoinsIcon size={20} />,
  myRebate: <PercentIcon size={20} />,
  mail: <MailIcon size={20} />,
  feedback: <FeedbackIcon size={20} />,
};

interface TilesProps {
  variant: MemberCentreVariant;
  tiles: MemberTile[];
  onTile: (tile: MemberTile) => void;
}

/** The quick tiles: squircles three to a row in the new centre, round icons four to a row in the base one. */
export function MineTiles({ variant, tiles, onTile }: TilesProps) {
  const { t } = useTranslation();
  return (
    <nav className={`mine-tiles mine-tiles--${variant}`} aria-label={t('mine_tiles')}>
      {tiles.map((tile) => (
        <button
          key={tile.name}
          type="button"
          className="mine-tile"
          data-testid={`mine-tile-${tile.name}`}
          onClick={() => onTile(tile)}
        >
          <span className="mine-tile__icon">{TILE_ICONS[tile.name]}</span>
          <span className="mine-tile__label">{t(tile.labelKey)}</span>
        </button>
      ))}
    </nav>
  );
}

interface EntriesProps {
  variant: MemberCentreVariant;
  entries: MemberEntry[];
  onEntry: (entry: MemberEntry) => void;
}

/**
 * The list entries: rows with a chevron in the new centre, a grid of labelled icons in the base
 * one. An entry's row is one element, so a badge (the mail's unread count) sits beside its label.
 */
export function MineEntries({ variant, entries, onEntry }: EntriesProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  if (variant === 'base') {
    return (
      <nav aria-label={t('mine_list')} className="mine-grid">
        <h2 className="mine-grid__title">{t('mine_list')}</h2>
        <ul className="mine-grid__cells">
          {entries.map((entry) => (
            <li key={entry.name}>
              <button
                type="button"
                className="mine-grid__cell"
                data-testid={`mine-entry-${entry.name}`}
                onClick={() => onEntry(entry)}
              >
                <span className="mine-grid__icon">{ENTRY_ICONS[entry.name]}</span>
                <span className="mine-grid__label">{t(entry.labelKey)}</span>
                {entry.name === 'mail' ? <UnreadBadge /> : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={t('mine_list')}>
      <ul className="acc-list">
        {entries.map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className="acc-list__item"
              data-testid={`mine-entry-${entry.name}`}
              onClick={() => onEntry(entry)}
            >
              <span className="acc-list__icon">{ENTRY_ICONS[entry.name]}</span>
              <span className="acc-list__label">{t(entry.labelKey)}</span>
              {entry.name === 'mail' ? <UnreadBadge /> : null}
              <ChevronRightIcon size={18} className="acc-list__chev" />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
