import { useCallback, useEffect, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useNavigate } from '../../../shared/router';
import { TIMING_MS, type TBanner } from '@palaro/contract';
import { isExternalLink } from '../../../shared/lib/platform';
import { CdnImage } from '../../../shared/ui/CdnImage';

const SLIDE_MS = 450;
const SWIPE_MIN_PX = 40;

/**
 * Banner carousel: loops, autoplays every 5 s when there is more than one banner, dots, touch
 * swipe. Images keep a 750×300 box so nothing shifts while they load.
 */
export function BannerCarousel({ banners }: { banners: TBanner[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = banners.length;
  const looping = count > 1;
  // Position on the track; with looping the track is [last, ...banners, first] and starts at 1.
  const [position, setPosition] = useState(looping ? 1 : 0);
  const [animated, setAnimated] = useState(true);
  const [drag, setDrag] = useState(0);
  const [paused, setPaused] = useState(false);
  const touch = useRef<{ x: number; y: number; moved: boolean; horizontal: boolean | null } | null>(null);
  const suppressClick = useRef(false);

  const active = looping ? (((position - 1) % count) + count) % count : 0;

  const go = useCallback((next: number | ((current: number) => number)) => {
    setAnimated(true);
    setPosition(next);
  }, []);

  // Autoplay: one step 5 s after the banner became active; never with a single banner.
  useEffect(() => {
    if (!looping || paused) return;
    const timer = setTimeout(() => go((current) => current + 1), TIMING_MS.bannerAutoplay);
    return () => clearTimeout(timer);
  }, [looping, paused, active, go]);

  // After sliding onto a clone, jump to the real slide without animation.
  useEffect(() => {
    if (!looping || (position >= 1 && position <= count)) return;
    const timer = setTimeout(() => {
      setAnimated(false);
      setPosition(position > count ? 1 : count);
    }, SLIDE_MS);
    return () => clearTimeout(timer);
  }, [looping, position, count]);

  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    if (!point) return;
    touch.current = { x: point.clientX, y: point.clientY, moved: false, horizontal: null };
    setPaused(true);
  };
  const onTouchMove = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.touches[0];
    if (!start || !point || !looping) return;
    const dx = point.clientX - start.x;
    const dy = point.clientY - start.y;
    if (start.horizontal === null && (Math.abs(dx) > 6 || Math.abs(dy) > 6)) start.horizontal = Math.abs(dx) > Math.abs(dy);
    if (start.horizontal) {
      start.moved = true;
      setAnimated(false);
      setDrag(dx);
    }
  };
  const onTouchEnd = () => {
    const start = touch.current;
    touch.current = null;
    setPaused(false);
    if (!start?.moved) return;
    suppressClick.current = true;
    setTimeout(() => { suppressClick.current = false; }, 50);
    const dx = drag;
    setDrag(0);
    if (dx <= -SWIPE_MIN_PX) go(position + 1);
    else if (dx >= SWIPE_MIN_PX) go(position - 1);
    else setAnimated(true);
  };

  const open = (banner: TBanner) => (event: MouseEvent) => {
    event.preventDefault();
    if (suppressClick.current || !banner.link) return;
    if (isExternalLink(banner.link)) window.open(banner.link, '_blank', 'noopener,noreferrer');
    else void navigate(banner.link);
  };

  const track: { banner: TBanner; clone: boolean; index: number }[] = looping
    ? [
        { banner: banners[count - 1]!, clone: true, index: count - 1 },
        ...banners.map((banner, index) => ({ banner, clone: false, index })),
        { banner: banners[0]!, clone: true, index: 0 },
      ]
    : banners.map((banner, index) => ({ banner, clone: false, index }));

  return (
    <section
      className="carousel"
      data-testid="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('home_banners')}
      data-active-index={active}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div className="carousel__viewport">
        <div
          className="carousel__track"
          style={{
            transform: `translate3d(calc(${-position * 100}% + ${drag}px), 0, 0)`,
            transition: animated ? `transform ${SLIDE_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)` : 'none',
          }}
        >
          {track.map(({ banner, clone, index }, slot) => {
            const image = (
              <CdnImage
                src={banner.url}
                alt={clone ? '' : banner.title}
                width={750}
                height={300}
                loading={index === 0 && !clone ? 'eager' : 'lazy'}
                draggable={false}
              />
            );
            return (
              <div
                key={`${clone ? 'clone' : 'slide'}-${slot}`}
                className="carousel__slide"
                data-testid={clone ? undefined : 'banner-slide'}
                aria-hidden={clone || index !== active ? true : undefined}
                role={clone ? undefined : 'group'}
                aria-roledescription={clone ? undefined : 'slide'}
                aria-label={clone ? undefined : t('banner_slide', { index: index + 1, total: count })}
                data-active={!clone && index === active ? 'true' : undefined}
              >
                {banner.link ? (
                  <a href={banner.link} onClick={open(banner)} tabIndex={clone || index !== active ? -1 : 0} className="carousel__link">
                    {image}
                  </a>
                ) : image}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className={`carousel__dot${index === active ? ' is-active' : ''}`}
              data-testid="banner-dot"
              aria-label={t('banner_go_to', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => go(index + 1)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
