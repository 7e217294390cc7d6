import type { MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useNavigate } from '../../../shared/router';
import { TIMING_MS, type TBanner } from '@palaro/contract';
import { isExternalLink } from '../../../shared/lib/platform';
import { CdnImage } from '../../../shared/ui/CdnImage';
import { loopTrack, useLoopingCarousel } from '../../../shared/ui/useLoopingCarousel';

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
  const { active, go, trackStyle, touchHandlers, clickSuppressed } = useLoopingCarousel({
    count,
    axis: 'x',
    autoplayMs: TIMING_MS.bannerAutoplay,
    slideMs: SLIDE_MS,
    swipeMinPx: SWIPE_MIN_PX,
  });

  const open = (banner: TBanner) => (event: MouseEvent) => {
    event.preventDefault();
    if (clickSuppressed() || !banner.link) return;
    if (isExternalLink(banner.link)) window.open(banner.link, '_blank', 'noopener,noreferrer');
    else void navigate(banner.link);
  };

  return (
    <section
      className="carousel"
      data-testid="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('home_banners')}
      data-active-index={active}
      {...touchHandlers}
    >
      <div className="carousel__viewport">
        <div className="carousel__track" style={trackStyle}>
          {loopTrack(banners).map(({ item: banner, copy: clone, index }, slot) => {
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
                  <a
                    href={banner.link}
                    onClick={open(banner)}
                    tabIndex={clone || index !== active ? -1 : 0}
                    className="carousel__link"
                  >
                    {image}
                  </a>
                ) : (
                  image
                )}
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
