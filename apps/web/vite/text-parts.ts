import type { Plugin } from 'vite';
import { en } from '../src/shared/i18n/en.ts';
import { ty } from '../src/shared/i18n/ty.ts';
import { TEXT_PARTS, type TextPart } from '../src/shared/i18n/parts.ts';
import { tablePartOf } from '../src/shared/i18n/screenKeys.ts';

const TABLES: Record<string, Readonly<Record<string, string>>> = { EN: en, TY: ty };
const PREFIX = 'virtual:texts/';
const RESOLVED = /^\0palaro\/texts-(\w+)-(\w+)$/;

/** The id a part's module resolves to; its last segment names the chunk (texts-TY-core-….js). */
export function resolvedTextPartId(language: string, part: TextPart): string {
  return `\0palaro/texts-${language}-${part}`;
}

/**
 * Serves `virtual:texts/<language>/<part>`: the keys of one part (src/shared/i18n/parts.ts) of a
 * language's table, as a module of its own, so each part becomes a chunk. The tables are read when
 * Vite loads its config (a change to them restarts the dev server, as a config change does).
 */
export function textParts(): Plugin {
  return {
    name: 'palaro:text-parts',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [language, part] = id.slice(PREFIX.length).split('/') as [string, TextPart];
      if (!TABLES[language] || !(TEXT_PARTS as readonly string[]).includes(part))
        throw new Error(`text parts: no ${id}`);
      return resolvedTextPartId(language, part);
    },
    load(id) {
      const [, language, part] = RESOLVED.exec(id) ?? [];
      if (!language || !part) return null;
      const table = TABLES[language]!;
      const texts = Object.fromEntries(Object.entries(table).filter(([key]) => tablePartOf(key) === part));
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
