import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
// The contract's sources by path: Vite loads this file with Node, which cannot import the package's TypeScript.
import * as contract from '../../../packages/contract/src/shared/web-routes.ts';
import type { Plugin } from 'vite';
import type { TextPart } from '../src/shared/i18n/parts.ts';
import { resolvedTextPartId } from './text-parts.ts';

/** Read by the server (apps/server/src/modules/web/page.ts, ROUTE_PRELOADS_FILE). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const LANGUAGES = ['TY', 'EN'] as const;

/**
 * The table's key for a language's texts a page needs before its first screen (page paths start
 * with '/'; these cannot be one): the core part, and under a page's own key the parts its screen
 * names too.
 */
export function textsKey(language: string, page?: string): string {
  return page ? `texts:${language}:${page}` : `texts:${language}`;
}

/**
 * The table's key for a member's frame parts (src/app/layout/memberParts.ts: the header's balance
 * and its live stream), which the server names in a page asked for with a session.
 */
export const MEMBER_PARTS_KEY = 'member';

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

const SCREEN_ENTRY = /(\w+):\s*lazyScreen\(\(\)\s*=>\s*import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?\)/g;
/** A later screen's text parts in routes.tsx (`name: ['part', …],` inside laterScreens({…})). */
const LATER_SCREEN_PARTS = /laterScreens\(\{([^}]*)\}\)/;
const PARTS_ENTRY = /(\w+):\s*\[([^\]]*)\]/g;
/** A later screen's import in screenModules.ts. */
const MODULE_ENTRY = /(\w+):\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
/** Beside the route table: the chunk of every later screen's import. */
const SCREEN_MODULES_FILE = 'screenModules.ts';
const ROUTE_ENTRY =
  /\{\s*paths:\s*(\[[^\]]*\]|\w+),\s*titleKey:\s*'[^']*',\s*screen:\s*'(\w+)'(?:,\s*\w+:\s*[\w.]+)*\s*\}/g;

function resolveModule(fromDir: string, specifier: string): string {
  const base = path.resolve(fromDir, specifier);
  const file = ['.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((suffix) => `${base}${suffix}`)
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`route preloads: cannot find the screen module ${specifier}`);
  return file;
}

/** `[R.login]`, `[R.webEmail, R.message]` or a path list the contract exports (`HOME_ALIASES`). */
function pathsOf(expression: string): readonly string[] {
  const routes = contract.WEB_ROUTES as Record<string, string>;
  if (expression.startsWith('[')) {
    return expression
      .slice(1, -1)
      .split(',')
      .map((part) => {
        const name = part.trim().replace(/^R\./, '');
        const route = routes[name];
        if (!route) throw new Error(`route preloads: unknown route ${part.trim()}`);
        return route;
      });
  }
  const list = (contract as Record<string, unknown>)[expression];
  if (!Array.isArray(list)) throw new Error(`route preloads: ${expression} is not a path list of the contract`);
  return list as string[];
}

export interface RouteScreen {
  /** The screen's module, after screenModules.ts for a screen loaded through it. */
  modules: string[];
  /** The parts of the text table the screen shows beyond the core (src/shared/i18n/parts.ts). */
  textParts: string[];
}

/**
 * Page path → screen module and its text parts, read from the app's route table
 * (src/app/routes.tsx): its `screens` map (home's lazy import, the others' in screenModules.ts)
 * and its ROUTE_TABLE rows. Written to be read, not run (running it would load every screen); any
 * row it cannot read fails the build rather than dropping a preload.
 */
export function routeModules(routesFile: string): Map<string, RouteScreen> {
  const source = readFileSync(routesFile, 'utf8');
  const dir = path.dirname(routesFile);
  const partsOf = (parts: string | undefined) =>
    parts
      ? parts
          .split(',')
          .map((part) => part.trim().replace(/^'|'$/g, ''))
          .filter(Boolean)
      : [];
  const screens = new Map<string, RouteScreen>();
  for (const [, name, specifier, parts] of source.matchAll(SCREEN_ENTRY)) {
    screens.set(name!, { modules: [resolveModule(dir, specifier!)], textParts: partsOf(parts) });
  }
  const screenModulesFile = path.join(dir, SCREEN_MODULES_FILE);
  const imports = new Map(
    [...readFileSync(screenModulesFile, 'utf8').matchAll(MODULE_ENTRY)].map(([, name, specifier]) => [
      name!,
      resolveModule(dir, specifier!),
    ]),
  );
  for (const [, name, parts] of source.match(LATER_SCREEN_PARTS)?.[1]?.matchAll(PARTS_ENTRY) ?? []) {
    const module = imports.get(name!);
    if (!module) throw new Error(`route preloads: screen ${name} has no import in ${SCREEN_MODULES_FILE}`);
    screens.set(name!, { modules: [screenModulesFile, module], textParts: partsOf(parts) });
  }
  const byPath = new Map<string, RouteScreen>();
  for (const [, paths, screen] of source.matchAll(ROUTE_ENTRY)) {
    const module = screens.get(screen!);
    if (!module) throw new Error(`route preloads: screen ${screen} has no lazy import`);
    for (const page of pathsOf(paths!)) byPath.set(page, module);
  }
  const rows = source.match(/\{\s*paths:/g)?.length ?? 0;
  if (screens.size === 0 || byPath.size === 0 || source.match(ROUTE_ENTRY)?.length !== rows) {
    throw new Error(`route preloads: could not read the route table of ${routesFile}`);
  }
  return byPath;
}

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes route-preloads.json: for each page path, the screen's chunk with the chunks it imports
 * and its style sheets, minus what index.html loads anyway; under `texts:<language>`, the chunk
 * of that language's texts; under `member`, a member's frame parts (app/layout/memberParts). The server names them in the page
 * (modulepreload, stylesheet), so a screen's code downloads beside the app's instead of after it.
 */
export function routePreloads(routesFile: string): Plugin {
  const memberPartsFile = path.join(path.dirname(routesFile), 'layout', 'memberParts.ts');
  return {
    name: 'palaro:route-preloads',
    // The browser's build only: the server's (--ssr) has no pages to preload or serve.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // After Vite's own generateBundle, which drops chunks that only carried CSS (handing their
    // sheets to the chunks that imported them): the table names only files that are written.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is typeof output & ChunkInfo => output.type === 'chunk',
      ) as unknown as ChunkInfo[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: ChunkInfo[]): ChunkInfo[] => {
        const seen = new Map<string, ChunkInfo>();
        const visit = (chunk: ChunkInfo) => {
          if (seen.has(chunk.fileName)) return;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        start.forEach(visit);
        return [...seen.values()];
      };
      const loadedByPage = new Set(closure(chunks.filter((chunk) => chunk.isEntry)).map((chunk) => chunk.fileName));
      const byModule = new Map(
        chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]),
      );

      const table: Record<string, RouteAssets> = {};
      const routes = routeModules(routesFile);
      for (const [page, { modules }] of routes) {
        const screen = modules.map((module) => {
          const chunk = byModule.get(module);
          if (!chunk) throw new Error(`route preloads: no chunk for ${module}`);
          return chunk;
        });
        const needed = closure(screen).filter((chunk) => !loadedByPage.has(chunk.fileName));
        table[page] = {
          scripts: needed.map((chunk) => `/${chunk.fileName}`),
          // Shared chunks' sheets first, the screen's last: the order the app would add them in.
          styles: [
            ...new Set([...needed].reverse().flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
          ].map((file) => `/${file}`),
        };
      }
      // Each part of a language's texts is a chunk (shared/i18n/parts.ts): the page names the core
      // of the language it opens in, and the parts its screen shows.
      const memberParts = byModule.get(memberPartsFile);
      if (!memberParts) throw new Error(`route preloads: no chunk for ${memberPartsFile}`);
      table[MEMBER_PARTS_KEY] = {
        scripts: closure([memberParts])
          .filter((chunk) => !loadedByPage.has(chunk.fileName))
          .map((chunk) => `/${chunk.fileName}`),
        styles: [],
      };
      const textChunks = (language: string, parts: string[]) =>
        parts.map((part) => {
          const texts = byModule.get(resolvedTextPartId(language, part as TextPart));
          if (!texts) throw new Error(`route preloads: no chunk for the texts ${language}/${part}`);
          return texts;
        });
      for (const language of LANGUAGES) {
        const scriptsOf = (parts: string[]) =>
          closure(textChunks(language, parts))
            .filter((chunk) => !loadedByPage.has(chunk.fileName))
            .map((chunk) => `/${chunk.fileName}`);
        table[textsKey(language)] = { scripts: scriptsOf(['core']), styles: [] };
        for (const [page, { textParts }] of routes) {
          if (textParts.length > 0)
            table[textsKey(language, page)] = { scripts: scriptsOf(['core', ...textParts]), styles: [] };
        }
      }
      const missing = Object.values(table)
        .flatMap(({ scripts, styles }) => [...scripts, ...styles])
        .filter((file) => !(file.slice(1) in bundle));
      if (missing.length > 0)
        throw new Error(`route preloads: files the build does not write: ${[...new Set(missing)].join(', ')}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
    },
  };
}
