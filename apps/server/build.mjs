#!/usr/bin/env node
/**
 * Builds the server for production into apps/server/dist: the entry points (the server and the
 * operator's commands) bundled to JavaScript by esbuild, with the workspace contract
 * (@palaro/contract, shipped as TypeScript) compiled in and every npm dependency left to
 * node_modules. Files read at run time — drizzle/ (migrations), media/, ../web/dist — stay where
 * they are: the build finds them from the server's package.json (src/platform/server-root.ts).
 * Development and tests keep running the TypeScript sources through tsx and Vitest.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));
const outdir = join(serverRoot, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8'));
/** Workspace packages are sources, not installed builds: they go into the bundle. */
const bundled = (name) => name.startsWith('@palaro/');

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverRoot,
  entryPoints: {
    main: 'src/main.ts',
    'admin/cli': 'src/admin/cli.ts',
    'admin/outbox': 'src/admin/outbox.ts',
    'admin/ledger-verify': 'src/admin/ledger-verify.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  // The oldest Node the code supports (the root package's engines); the image runs a newer LTS.
  target: 'node20.19',
  external: Object.keys(dependencies).filter((name) => !bundled(name)),
  sourcemap: 'linked',
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`server built: ${files.length} files in ${outdir}`);
