import type { Plugin } from 'vite';

/**
 * The modules the page's entry imports statically (its whole static graph), collected once the
 * build has parsed every module. A chunk group over this set keeps the app's start-up code in one
 * chunk: left alone, the bundler cuts every module that a lazy screen shares with the entry into
 * a chunk of its own (30 requests of a few hundred bytes each, with their headers, on every page).
 */
export function entryGraph(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'palaro:entry-graph',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const visit = (id: string) => {
        if (modules.has(id)) return;
        modules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      entries.forEach(visit);
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
