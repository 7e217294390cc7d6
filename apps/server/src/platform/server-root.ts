import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@palaro/server';

interface ServerPackage {
  root: string;
  version: string;
}

/**
 * The server package's folder (apps/server), found by walking up from this module to its
 * package.json. The same code runs from its TypeScript sources (src/platform/, under tsx and the
 * tests) and from the production build (dist/, one bundle), at different depths: the files the
 * server reads at run time — migrations, media, the web build — are found from here, never from a
 * path relative to the module that needs them.
 */
function findServerPackage(start: string): ServerPackage {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === SERVER_PACKAGE_NAME) return { root: folder, version: version ?? '0.0.0' };
    }
    if (path.dirname(folder) === folder)
      throw new Error(`${SERVER_PACKAGE_NAME}'s package.json was not found above ${start}`);
  }
}

const serverPackage = findServerPackage(path.dirname(fileURLToPath(import.meta.url)));

export const SERVER_ROOT = serverPackage.root;
export const SERVER_VERSION = serverPackage.version;

/** A path inside the server package, e.g. `serverPath('drizzle')`. */
export function serverPath(...segments: string[]): string {
  return path.join(SERVER_ROOT, ...segments);
}
