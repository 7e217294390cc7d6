import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/**
 * The service worker's precache, cut to the shell: the start-up files the page template names,
 * home's chunks (route-preloads.json), the core texts and everything outside assets/ (the offline
 * screen, icons). Every screen's code (130 files, 290 KB) downloaded at the first visit competed
 * with the first screen on a phone, for code most players never open; another screen's files are
 * kept when first used (the worker's runtime cache of /assets/, their names hashed).
 */
export function shellPrecache(distDir: string): ManifestTransform {
  return async (entries) => {
    const template = readFileSync(join(distDir, 'index.html'), 'utf8');
    const routes = JSON.parse(readFileSync(join(distDir, 'route-preloads.json'), 'utf8')) as Record<
      string,
      { scripts: string[]; styles: string[] }
    >;
    const home = routes['/m/home'] ?? { scripts: [], styles: [] };
    const shell = new Set<string>();
    // A file of the shell brings the chunks it imports statically (the entry's React chunk).
    const add = (file: string) => {
      if (shell.has(file)) return;
      shell.add(file);
      if (!file.endsWith('.js')) return;
      const code = readFileSync(join(distDir, file), 'utf8');
      for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) add(`assets/${match[1]}`);
    };
    for (const match of template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) add(match[1]!);
    for (const file of [...home.scripts, ...home.styles]) add(file.slice(1));
    const kept = entries.filter(
      (entry) =>
        !entry.url.startsWith('assets/') || shell.has(entry.url) || /^assets\/texts-[A-Z]+-core-/.test(entry.url),
    );
    return { manifest: kept, warnings: [] };
  };
}
