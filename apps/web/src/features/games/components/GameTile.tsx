import { useRef } from 'react';
import type { TGameTile } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { Icon, type IconProps } from '../../../shared/ui/icons';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useNearViewport } from '../lib/useNearViewport';

/** The game icons are square: the large one fills a tile's width. */
const ICON_SIZE = 160;
const VENDOR_LOGO_SIZE = 16;

const StarIcon = ({ filled, ...rest }: IconProps & { filled: boolean }) => (
  <Icon {...rest} fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3.6 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
  </Icon>
);

/** The icon is asked for once the tile comes near the screen (spec §9 lazy-load); its box is kept meanwhile. */
function TileArt({ src }: { src: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(box);
  return (
    <span ref={box} className="gm-tile__art">
      {near ? (
        <CdnImage src={src} width={ICON_SIZE} height={ICON_SIZE} alt="" className="gm-tile__icon" loading="eager" />
      ) : null}
    </span>
  );
}

/**
 * One game: large icon, name, vendor with its logo, a HOT or NEW badge, and the favourite star.
 * `favourite` is undefined for a guest, whose star leads to sign-in.
 */
export function GameTile({
  game,
  favourite,
  onOpen,
  onFavourite,
}: {
  game: TGameTile;
  favourite: boolean | undefined;
  onOpen: (game: TGameTile) => void;
  onFavourite: (game: TGameTile) => void;
}) {
  const { t } = useTranslation();
  const badge = game.hot ? 'HOT' : game.new ? 'NEW' : null;
  const starLabel =
    favourite === undefined ? 'games_favourite_login' : favourite ? 'games_favourite_remove' : 'games_favourite_add';
  return (
    <li className="gm-tile" data-testid="game-tile" data-node-id={game.nodeId}>
      <button type="button" className="gm-tile__open" onClick={() => onOpen(game)} data-testid="game-tile-open">
        <TileArt src={game.mobileLargeIcon || game.iconUrl} />
        <span className="gm-tile__name" data-testid="game-tile-name" translate="no">
          {game.gameName}
        </span>
        <span className="gm-tile__vendor">
          {game.vendorLogoUrl ? (
            <CdnImage
              src={game.vendorLogoUrl}
              width={VENDOR_LOGO_SIZE}
              height={VENDOR_LOGO_SIZE}
              alt=""
              className="gm-tile__logo"
            />
          ) : null}
          <span className="gm-tile__vendor-name" translate="no">
            {game.vendorName}
          </span>
        </span>
      </button>
      {badge ? (
        <span className={`gm-tile__badge gm-tile__badge--${badge.toLowerCase()}`} data-testid="game-tile-badge">
          {t(`games_tab_${badge}`)}
        </span>
      ) : null}
      <button
        type="button"
        className={`gm-tile__star${favourite ? ' is-on' : ''}`}
        data-testid="game-tile-favourite"
        aria-pressed={favourite === undefined ? undefined : favourite}
        aria-label={t(starLabel, { name: game.gameName })}
        onClick={() => onFavourite(game)}
      >
        <StarIcon filled={Boolean(favourite)} size={20} />
      </button>
    </li>
  );
}

export function GameTileSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index} className="gm-tile gm-tile--loading" aria-hidden="true">
      <Skeleton className="gm-tile__art" radius={14} />
      <Skeleton height={12} width="80%" radius={6} />
      <Skeleton height={10} width="50%" radius={6} />
    </li>
  ));
}
