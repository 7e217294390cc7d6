import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compactPreloadLists } from './vite/compact-preload-lists.ts';
import { minifyPublicScripts } from './vite/minify-public-scripts.ts';
import { precompress } from './vite/precompress.ts';
import { preloadHelper } from './vite/preload-helper.ts';
import { routePreloads } from './vite/route-preloads.ts';
import { textParts } from './vite/text-parts.ts';

const apiTarget = process.env.PALARO_API ?? 'http://127.0.0.1:3000';
const proxied = ['/wps', '/lgw', '/ops', '/media', '/health', '/docs'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    preloadHelper(fileURLToPath(new URL('./src/shared/lib/preloadDependencies.ts', import.meta.url))),
    react(),
    textParts(),
    routePreloads(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url))),
    compactPreloadLists(),
    minifyPublicScripts(),
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  // The server's build of the first screens (src/serverRender.tsx, `vite build --ssr`) carries
  // React and everything else it imports, production builds only: it runs from wherever the build
  // is put, and the public files are the browser build's.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // Every browser served knows <link rel=modulepreload>; one that did not would only lose the
    // hint, so the polyfill (~0.5 KB gzip in the start-up chunk) is not shipped.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The server's build names its entry by its content too: the server finds the current one
        // (a rebuild while it runs is a new module, not the cached old one) and its chunks import
        // that same file, never a second copy of it.
        ...(isSsrBuild ? { entryFileNames: '[name]-[hash].js' } : {}),
        // Libraries in their own long-cached chunks (claimed first: higher priority), the app's
        // start-up code in one chunk, and the rest split per route screen.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // The small games modules home's blocks share with the games screens (list, lobby,
            // launch): one chunk instead of seven of 0.3–0.6 KB gzip, each a request with its
            // headers (home −0.7 KB gzip, the list −0.7, the lobby +0.1; the betting records and
            // the lottery, which need only a part of it, +1.5 and +0.7). The tile (GameTile) stays
            // apart: only home and the list show it, and the lobby would load it for nothing.
            // Its dependencies stay where they are (by default a group takes them too, start-up's
            // modules included).
            {
              name: 'game-kit',
              test: /features[\\/]games[\\/](api[\\/](keys|vendors)\.ts|lib[\\/](launchTarget|launchRequest)\.ts|components[\\/]CategoryIcon\.tsx|games\.css)$|packages[\\/]contract[\\/]src[\\/]games[\\/](catalogue|paths)\.ts$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // Everything else the page loads before its first screen ($initial): one chunk, as the
            // entry's. Left alone, the bundler cuts every module a lazy screen shares with the entry
            // into a chunk of its own (30 requests of a few hundred bytes, with their headers).
            // A module joins whole: one a screen shares with start-up brings all its exports, so
            // start-up imports from small modules (shared/ui/frameIcons, not the icons barrel).
            // Not the contract: the entry imports its barrel (index.ts), whose static graph is the
            // whole contract, in-house game rules included; left to the bundler, which sees what
            // is used (sideEffects: false), only what start-up uses joins the entry's chunk.
            {
              name: 'app',
              test: (id) => !/node_modules/.test(id) && !/packages[\\/]contract[\\/]/.test(id),
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
}));
