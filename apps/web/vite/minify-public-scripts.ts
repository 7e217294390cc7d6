import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';

/**
 * The public folder's scripts (copied to the build as they are), each loaded as a module:
 * after-paint.js, which the server names in the page (apps/server/src/modules/web/page.ts).
 */
const PUBLIC_MODULE_SCRIPTS = ['after-paint.js', 'offline.js'];

/**
 * Minifies the public folder's scripts in the build (after-paint.js 1.19 → 0.67 KB gzip), so the
 * repository keeps them readable and the page gets them small. Vite copies the public folder as
 * the output starts, and precompress compresses the result once every file is written.
 */
export function minifyPublicScripts(): Plugin {
  let outDir = '';
  let target: string | string[] = 'es2022';
  return {
    name: 'palaro:minify-public-scripts',
    // The browser's build only: the server's (--ssr) copies no public folder.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      if (typeof config.build.target === 'string' || Array.isArray(config.build.target)) target = config.build.target;
    },
    writeBundle() {
      for (const name of PUBLIC_MODULE_SCRIPTS) {
        const file = path.join(outDir, name);
        const { code, errors } = minifySync(name, readFileSync(file, 'utf8'), {
          module: true,
          compress: { target },
          mangle: { toplevel: true },
        });
        if (errors.length > 0)
          this.error(`minifying public/${name}: ${errors.map((error) => error.message).join('; ')}`);
        writeFileSync(file, code);
      }
    },
  };
}
