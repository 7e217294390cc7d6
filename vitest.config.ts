import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { textParts } from './apps/web/vite/text-parts.ts';

/**
 * Each project runs as its own group, one after another (sequence.groupOrder), so the server's
 * PGlite instances and the browser never compete for this machine's two cores at once.
 *
 * One test run, four projects: the contract's pure functions, the server through its real HTTP
 * layer and database, the web app's components in happy-dom, and the browser tests that drive
 * real headless Chromium against the built app and a real server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          sequence: { groupOrder: 0 },
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          // Generous: CI may share its two cores with other work, and a test that runs the command
          // line or a real server can take many times its quiet-machine duration there.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react(), textParts()],
        test: {
          name: 'web',
          sequence: { groupOrder: 2 },
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A tapped outside link (the service chat on m.me, say) must not make the test fetch the
          // real page over the network: offline it only logs an error, online it is slow and flaky.
          environmentOptions: { happyDOM: { settings: { navigation: { disableChildPageNavigation: true } } } },
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          root: 'apps/web',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          setupFiles: ['./e2e/setup.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // expect.poll gives up after 1 s by default: on a busy machine a screen or a server answer
          // can take longer, and a failure should mean it never came, not that the machine was slow.
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
