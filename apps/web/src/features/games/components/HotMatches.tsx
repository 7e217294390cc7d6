import { useState, type CSSProperties, type KeyboardEvent } from 'react';
import { TIMING_MS, type THotMatch } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { formatMonthDayTime } from '../../../shared/lib/format';
import { useSettings } from '../../../shared/startup/context';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { loopTrack, useLoopingCarousel } from '../../../shared/ui/useLoopingCarousel';
import { useHotMatches } from '../api/hotMatches';
import { onDemand } from '../../../shared/lib/onDemand';
import type HotMatchPopup from './HotMatchPopup';
import './hot-matches.css';

const BADGE_SIZE = 28;
const SWIPE_MIN_PX = 24;

// The popup (and the dialog it is drawn in) is its own chunk, asked for on the first touch or
// focus of the carousel, or at the latest by the tap that opens it: most visits to home never open
// a match, and home's scripts load for every visit.
type Popup = typeof HotMatchPopup;
const popup = onDemand<Popup>(() => import('./HotMatchPopup').then((module) => module.default));

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The carousel's box while the matches load: the same height, so nothing below it moves. */
export function HotMatchesSkeleton() {
  return (
    <div className="hm hm--loading" aria-busy="true" data-testid="hot-matches-loading">
      <Skeleton width="100%" height="100%" radius={16} />
    </div>
  );
}

/**
 * Home's hot matches (spec §2): a vertical carousel of the upcoming matches, each opening the
 * hot-match popup. Nothing shows when there is no match.
 */
export function HotMatches() {
  const { t } = useTranslation();
  const matches = useHotMatches();
  const [open, setOpen] = useState<THotMatch | null>(null);
  const [Popup, setPopup] = useState<Popup | null>(() => popup.loaded());
  const openMatch = (match: THotMatch) => {
    setOpen(match);
    if (Popup) return;
    popup.load().then(
      (loaded) => setPopup(() => loaded),
      (error: unknown) => {
        console.error('hot-match popup', error);
        setOpen(null);
      },
    );
  };
  if (matches.isPending) return <HotMatchesSkeleton />;
  if (matches.isError) {
    return (
      <div className="hm hm--error" role="alert" data-testid="hot-matches-error">
        <span>{t('hot_matches_error')}</span>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void matches.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (matches.data.list.length === 0) return null;
  return (
    <>
      <HotMatchCarousel matches={matches.data.list} onOpen={openMatch} />
      {open && Popup ? <Popup match={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/**
 * The vertical carousel (spec §2, §9): autoplay every 5 s with a 500 ms slide, looping, both only
 * with more than one match. The track is [last, …matches, first] so the loop never runs backwards;
 * after sliding onto a copy it jumps to the real slide unanimated. Touch swipes up and down, the
 * arrow keys too; it pauses while touched or focused. With reduced motion it neither slides nor
 * plays by itself: a swipe or an arrow key changes the match at once.
 */
export function HotMatchCarousel({ matches, onOpen }: { matches: THotMatch[]; onOpen: (match: THotMatch) => void }) {
  const { t } = useTranslation();
  const timeZone = useSettings().timeZone;
  const count = matches.length;
  const [reduced] = useState(prefersReducedMotion);
  const { looping, position, active, go, trackStyle, touchHandlers, clickSuppressed, setPaused } = useLoopingCarousel({
    count,
    axis: 'y',
    autoplayMs: TIMING_MS.hotMatchAutoplay,
    slideMs: TIMING_MS.hotMatchSpeed,
    swipeMinPx: SWIPE_MIN_PX,
    reducedMotion: reduced,
  });

  // Each badge is a picture the browser draws on the page's main thread (an SVG is a document of
  // its own): only the matches up to the one after the furthest shown, and the last (the first's
  // neighbour round the loop), ask for theirs.
  const [furthestShown, setFurthestShown] = useState(0);
  if (active > furthestShown) setFurthestShown(active);
  const badge = (index: number, src: string) =>
    index <= furthestShown + 1 || index === count - 1 ? (
      <CdnImage src={src} width={BADGE_SIZE} height={BADGE_SIZE} alt="" className="hm__badge" />
    ) : (
      <span className="hm__badge" />
    );

  const onKeyDown = (event: KeyboardEvent) => {
    if (!looping || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    go(position + (event.key === 'ArrowDown' ? 1 : -1));
  };

  const current = matches[active]!;
  return (
    <section
      className="hm"
      aria-roledescription="carousel"
      aria-label={t('hot_matches_label')}
      data-testid="hot-matches"
      data-active-index={active}
      onPointerDown={popup.preload}
      onFocus={popup.preload}
      {...touchHandlers}
    >
      {/* The slides are a picture of the matches; the one button over them names and opens the match shown. */}
      <div className="hm__viewport" aria-hidden="true">
        <div className="hm__track" data-testid="hot-matches-track" style={trackStyle}>
          {loopTrack(matches).map(({ item: match, index, copy }, slot) => {
            return (
              <div
                key={`${copy ? 'copy' : 'slide'}-${slot}`}
                className="hm__slide"
                data-testid={copy ? undefined : 'hot-match-slide'}
              >
                <span className="hm__team">
                  {badge(index, match.homeTeamImageUrl)}
                  <span className="hm__name" translate="no">
                    {match.homeTeam}
                  </span>
                </span>
                <span className="hm__middle">
                  <span className="hm__time">{formatMonthDayTime(match.matchTime, timeZone)}</span>
                  <span className="hm__vs">{t('hot_match_vs')}</span>
                </span>
                <span className="hm__team hm__team--away">
                  <span className="hm__name" translate="no">
                    {match.awayTeam}
                  </span>
                  {badge(index, match.awayTeamImageUrl)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      <button
        type="button"
        className="hm__open"
        data-testid="hot-match-open"
        aria-label={t('hot_match_open', {
          home: current.homeTeam,
          away: current.awayTeam,
          time: formatMonthDayTime(current.matchTime, timeZone),
        })}
        onKeyDown={onKeyDown}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onClick={() => {
          if (!clickSuppressed()) onOpen(current);
        }}
      />
      {looping ? (
        <span className="hm__dots" aria-hidden="true" style={{ '--hm-dots': count } as CSSProperties}>
          {matches.map((match, index) => (
            <span key={match.id} className={`hm__dot${index === active ? ' is-active' : ''}`} />
          ))}
        </span>
      ) : null}
    </section>
  );
}
