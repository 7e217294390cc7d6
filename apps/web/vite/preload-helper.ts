import type { Plugin } from 'vite';

/** The module Vite's build imports `__vitePreload` from in every chunk with a dynamic import. */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';
/** Only Vite's own helper dispatches this event: a chunk that names it carries that helper. */
const VITE_HELPER_MARK = 'vite:preloadError';

/**
 * Serves the app's own `__vitePreload` (`runtime`: src/shared/lib/preloadDependencies.ts) in place
 * of Vite's: 0.3 KB gzip less in the start-up chunk. The build fails if Vite's helper still gets
 * in (another Vite naming its module otherwise), rather than shipping both.
 */
export function preloadHelper(runtime: string): Plugin {
  return {
    name: 'palaro:preload-helper',
    enforce: 'pre',
    // The browser's build only: the server's (--ssr) preloads nothing.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    resolveId: (id) => (id === VITE_PRELOAD_HELPER ? id : null),
    load: (id) =>
      id === VITE_PRELOAD_HELPER
        ? `export { preloadDependencies as __vitePreload } from ${JSON.stringify(runtime)};`
        : null,
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.code.includes(VITE_HELPER_MARK))
          this.error(`preload helper: ${output.fileName} carries Vite's own __vitePreload`);
      }
    },
  };
}
