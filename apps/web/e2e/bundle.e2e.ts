import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { openPhone, takenOver } from './phone';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const baseURL = inject('baseURL');

/** Home's budget of JavaScript, gzip, every script a guest's first visit loads (bench:web's goal). */
const HOME_SCRIPT_BUDGET_BYTES = 100 * 1024;

describe('the built web app (as the browser tests serve it)', () => {
  it('carries no zod: the contract’s schemas stay on the server, the app imports types and plain constants', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const withZod = scripts.filter((name) => readFileSync(join(assets, name), 'utf8').includes('._zod.'));
    expect(withZod).toEqual([]);
  });

  it('loads at most 100 KB of JavaScript (gzip) on a guest’s home, counted as bench:web counts it', async () => {
    const phone = await openPhone(baseURL);
    try {
      const scripts = new Set<string>();
      phone.page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await phone.page.goto(`${baseURL}/m/home`);
      await takenOver(phone.page);
      await phone.page.waitForLoadState('networkidle');
      const sizes = [...scripts].map((pathname) => ({
        pathname,
        bytes: gzipSync(readFileSync(join(dist, pathname))).length,
      }));
      const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
      expect(sizes.length).toBeGreaterThan(0);
      expect(total, sizes.map(({ pathname, bytes }) => `${pathname} ${bytes}`).join('\n')).toBeLessThanOrEqual(
        HOME_SCRIPT_BUDGET_BYTES,
      );
    } finally {
      await phone.close();
    }
  });
});
