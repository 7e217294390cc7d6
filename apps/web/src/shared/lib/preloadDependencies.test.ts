import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadDependencies } from './preloadDependencies';

const linksTo = (href: string) =>
  Array.from(document.head.querySelectorAll('link')).filter((link) => link.href === new URL(href, location.href).href);

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

// Style sheets are the browser's to load (happy-dom fails every one): e2e/lazy-screens.e2e.ts.
describe('preloadDependencies (the build’s __vitePreload)', () => {
  it('asks for a chunk’s imports beside it, once each, and runs the import without waiting for them', async () => {
    const load = vi.fn(() => Promise.resolve('the screen'));
    await expect(preloadDependencies(load, ['assets/a-1.js', 'assets/b-1.js'])).resolves.toBe('the screen');
    await preloadDependencies(load, ['assets/a-1.js']);
    expect(linksTo('/assets/a-1.js').map((link) => [link.rel, link.crossOrigin])).toEqual([['modulepreload', '']]);
    expect(linksTo('/assets/b-1.js')).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves alone a file the page already links', async () => {
    const present = document.createElement('link');
    present.rel = 'modulepreload';
    present.href = '/assets/start-4.js';
    document.head.append(present);
    await expect(preloadDependencies(() => Promise.resolve('ok'), ['assets/start-4.js'])).resolves.toBe('ok');
    expect(linksTo('/assets/start-4.js')).toEqual([present]);
  });
});
