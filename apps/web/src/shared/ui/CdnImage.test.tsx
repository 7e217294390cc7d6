import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImageCdnContext, imageCandidates, mediaPath, pageCdnStart } from '../lib/imageCdn';
import { CdnImage } from './CdnImage';

// The page's CDN is picked once per list for the whole module (page load), so each test that
// depends on the pick uses a list of its own.

describe('image CDN helper', () => {
  it('keeps the origin path when there are no CDNs', () => {
    expect(imageCandidates('/media/banners/a.svg', [])).toEqual(['/media/banners/a.svg']);
    expect(imageCandidates('/media/banners/a.svg', ['', '  '])).toEqual(['/media/banners/a.svg']);
  });

  it('leaves absolute URLs to other hosts, data URLs and other paths as they are', () => {
    const cdns = ['https://cdn-one.example'];
    expect(imageCandidates('https://images.partner.example/media/a.png', cdns)).toEqual([
      'https://images.partner.example/media/a.png',
    ]);
    expect(imageCandidates('//images.partner.example/media/a.png', cdns)).toEqual([
      '//images.partner.example/media/a.png',
    ]);
    expect(imageCandidates('data:image/png;base64,AAAA', cdns)).toEqual(['data:image/png;base64,AAAA']);
    expect(imageCandidates('/favicon.svg', cdns)).toEqual(['/favicon.svg']);
  });

  it('treats an absolute URL to this origin under /media/ as a media path', () => {
    expect(mediaPath(`${window.location.origin}/media/x.png?v=2`)).toBe('/media/x.png?v=2');
    expect(mediaPath('https://elsewhere.example/media/x.png')).toBeNull();
  });

  it('orders the page CDN first, then the rest of the list wrapping round, then the origin', () => {
    const cdns = ['https://a.example/', 'https://b.example/img', 'https://c.example'];
    expect(imageCandidates('/media/p.png', cdns, 1)).toEqual([
      'https://b.example/img/media/p.png',
      'https://c.example/media/p.png',
      'https://a.example/media/p.png',
      '/media/p.png',
    ]);
  });

  it('picks the CDN uniformly at random once per page load', () => {
    const list = (name: string) => [
      `https://${name}-1.example`,
      `https://${name}-2.example`,
      `https://${name}-3.example`,
    ];
    expect(pageCdnStart(list('low'), () => 0)).toBe(0);
    expect(pageCdnStart(list('mid'), () => 0.5)).toBe(1);
    expect(pageCdnStart(list('high'), () => 0.9999)).toBe(2);
    // Asked again (another image on the page): the same CDN, no new draw.
    const random = vi.fn(() => 0);
    expect(pageCdnStart(list('high'), random)).toBe(2);
    expect(random).not.toHaveBeenCalled();
  });
});

describe('CdnImage', () => {
  it('loads a media path from the origin when the list is empty, lazily and with its size', () => {
    render(
      <ImageCdnContext.Provider value={[]}>
        <CdnImage src="/media/brand/logo.svg" alt="Palaro" width={106} height={26} />
      </ImageCdnContext.Provider>,
    );
    const img = screen.getByRole('img', { name: 'Palaro' });
    expect(img).toHaveAttribute('src', '/media/brand/logo.svg');
    expect(img).toHaveAttribute('width', '106');
    expect(img).toHaveAttribute('height', '26');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to the next CDN, then to the origin, when images fail to load', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const onError = vi.fn();
    render(
      <ImageCdnContext.Provider value={['https://fail-1.example', 'https://fail-2.example/']}>
        <CdnImage src="/media/banners/b1.svg" alt="Banner" width={750} height={300} onError={onError} />
      </ImageCdnContext.Provider>,
    );
    const img = screen.getByRole('img', { name: 'Banner' });
    expect(img).toHaveAttribute('src', 'https://fail-1.example/media/banners/b1.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'https://fail-2.example/media/banners/b1.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/media/banners/b1.svg');
    expect(onError).not.toHaveBeenCalled();
    // The origin failing too is the caller's to handle.
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/media/banners/b1.svg');
    expect(onError).toHaveBeenCalledTimes(1);
    // The box stays the same size throughout.
    expect(img).toHaveAttribute('width', '750');
    expect(img).toHaveAttribute('height', '300');
  });

  it('uses one CDN for every image of the page, wrapping to the start of the list on failure', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const cdns = ['https://shared-1.example', 'https://shared-2.example'];
    render(
      <ImageCdnContext.Provider value={cdns}>
        <CdnImage src="/media/a.png" alt="A" width={10} height={10} />
        <CdnImage src="/media/b.png" alt="B" width={10} height={10} loading="eager" />
      </ImageCdnContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', 'https://shared-2.example/media/a.png');
    expect(screen.getByRole('img', { name: 'B' })).toHaveAttribute('src', 'https://shared-2.example/media/b.png');
    expect(screen.getByRole('img', { name: 'B' })).toHaveAttribute('loading', 'eager');
    fireEvent.error(screen.getByRole('img', { name: 'A' }));
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', 'https://shared-1.example/media/a.png');
    expect(screen.getByRole('img', { name: 'B' })).toHaveAttribute('src', 'https://shared-2.example/media/b.png');
  });

  it('uses an absolute URL to another host untouched, even when it fails', () => {
    const onError = vi.fn();
    render(
      <ImageCdnContext.Provider value={['https://cdn-untouched.example']}>
        <CdnImage
          src="https://partner.example/media/promo.png"
          alt="Promo"
          width={600}
          height={300}
          onError={onError}
        />
      </ImageCdnContext.Provider>,
    );
    const img = screen.getByRole('img', { name: 'Promo' });
    expect(img).toHaveAttribute('src', 'https://partner.example/media/promo.png');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', 'https://partner.example/media/promo.png');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('starts again at the page CDN when the source changes', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const cdns = ['https://restart-1.example', 'https://restart-2.example'];
    const { rerender } = render(
      <ImageCdnContext.Provider value={cdns}>
        <CdnImage src="/media/one.png" alt="X" width={10} height={10} />
      </ImageCdnContext.Provider>,
    );
    fireEvent.error(screen.getByRole('img', { name: 'X' }));
    expect(screen.getByRole('img', { name: 'X' })).toHaveAttribute('src', 'https://restart-2.example/media/one.png');
    rerender(
      <ImageCdnContext.Provider value={cdns}>
        <CdnImage src="/media/two.png" alt="X" width={10} height={10} />
      </ImageCdnContext.Provider>,
    );
    expect(screen.getByRole('img', { name: 'X' })).toHaveAttribute('src', 'https://restart-1.example/media/two.png');
  });
});
