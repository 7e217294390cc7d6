import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite/precompress';
import { routePreloads } from './vite/route-preloads';

const apiTarget = process.env.PALARO_API ?? 'http://127.0.0.1:3000';
const proxied = ['/wps', '/lgw', '/ops', '/media', '/health', '/docs'];

export default defineConfig({
  plugins: [react(), routePreloads(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url))), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // Libraries in their own long-cached chunks; app code split per route screen.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
