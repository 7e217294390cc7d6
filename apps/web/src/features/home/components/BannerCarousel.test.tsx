import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TIMING_MS } from '@palaro/contract';
import { BannerCarousel } from './BannerCarousel';
import { banner } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';

function activeDot(): number {
  return screen.getAllByTestId('banner-dot').findIndex((dot) => dot.getAttribute('aria-current') === 'true');
}

describe('BannerCarousel', () => {
  it('moves to the next banner every 5000 ms and loops back to the first', () => {
    vi.useFakeTimers();
    renderInRouter(<BannerCarousel banners={[banner('a'), banner('b'), banner('c')]} />);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(3);
    expect(screen.getAllByTestId('banner-dot')).toHaveLength(3);
    expect(activeDot()).toBe(0);

    act(() => {
      vi.advanceTimersByTime(TIMING_MS.bannerAutoplay - 1);
    });
    expect(activeDot()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(activeDot()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(TIMING_MS.bannerAutoplay);
    });
    expect(activeDot()).toBe(2);
    act(() => {
      vi.advanceTimersByTime(TIMING_MS.bannerAutoplay);
    });
    expect(activeDot()).toBe(0);
    // Looping continues at the same pace after the wrap-around.
    act(() => {
      vi.advanceTimersByTime(TIMING_MS.bannerAutoplay);
    });
    expect(activeDot()).toBe(1);
  });

  it('does not autoplay, and shows no dots, with a single banner', () => {
    vi.useFakeTimers();
    renderInRouter(<BannerCarousel banners={[banner('only')]} />);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(1);
    expect(screen.queryAllByTestId('banner-dot')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(TIMING_MS.bannerAutoplay * 3);
    });
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-active-index', '0');
  });

  it('goes to a banner when its dot is tapped', () => {
    renderInRouter(<BannerCarousel banners={[banner('a'), banner('b'), banner('c')]} />);
    fireEvent.click(screen.getAllByTestId('banner-dot')[2]!);
    expect(activeDot()).toBe(2);
  });

  it('swipes to the next banner with a horizontal drag', () => {
    renderInRouter(<BannerCarousel banners={[banner('a'), banner('b')]} />);
    const carousel = screen.getByTestId('banner-carousel');
    fireEvent.touchStart(carousel, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(carousel, { touches: [{ clientX: 200, clientY: 104 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 200, clientY: 104 }] });
    expect(activeDot()).toBe(1);
  });

  it('navigates to the banner link on tap', async () => {
    renderInRouter(<BannerCarousel banners={[banner('a', '/m/activity')]} />);
    fireEvent.click(screen.getByRole('link'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/m/activity');
  });
});
