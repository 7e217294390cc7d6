import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');

describe('the built web app (as the browser tests serve it)', () => {
  it('carries no zod: the contract’s schemas stay on the server, the app imports types and plain constants', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const withZod = scripts.filter((name) => readFileSync(join(assets, name), 'utf8').includes('._zod.'));
    expect(withZod).toEqual([]);
  });
});
