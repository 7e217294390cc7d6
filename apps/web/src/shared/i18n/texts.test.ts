import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TextPart } from './parts';
import { ERROR_TABLE_FILES, SCREEN_KEYS, SCREEN_KEY_FILES } from './screenKeys';
import { en } from './en';
import { ty } from './ty';
import { TAGALOG_LOANWORDS, sameEnglish, textPieces, untranslatedTagalog } from './loanwords';

describe('the Tagalog text table', () => {
  it('leaves nothing in English but the accepted loanwords and names', () => {
    expect(untranslatedTagalog(en, ty)).toEqual([]);
  });

  it('catches English left in Tagalog, written however English writes it', () => {
    expect(
      untranslatedTagalog(
        { a: 'Log in', b: 'Member centre', c: 'Fee {{fee}}', d: 'Deposit' },
        { a: 'Login', b: 'Member Center', c: 'Fee {{fee}}', d: 'Deposit' },
      ),
    ).toEqual(['Login', 'Member Center', 'Fee']);
    expect(sameEnglish('Customer service', 'Customer Service')).toBe(true);
    expect(textPieces('Min {{min}} · Max {{max}}')).toEqual(['Min', 'Max']);
  });

  it('accepts only loanwords it uses, each once', () => {
    const used = new Set(Object.values(ty).flatMap(textPieces));
    expect(TAGALOG_LOANWORDS.filter((loanword) => !used.has(loanword))).toEqual([]);
    expect(new Set(TAGALOG_LOANWORDS).size).toBe(TAGALOG_LOANWORDS.length);
  });

  it('says bunot and taya in every lottery text, never the English draw or bet', () => {
    const lottery = Object.entries(ty).filter(([key]) => key.startsWith('lt_') || key.startsWith('in_lottery_'));
    expect(lottery.length).toBeGreaterThan(250);
    expect(
      lottery
        .filter(([, text]) => /\b(draws?|bets?)\b/i.test(text.replace(/\{\{\w+\}\}/g, '')))
        .map(([key, text]) => `${key}: ${text}`),
    ).toEqual([]);
  });

  it('has a Tagalog text for every English one, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, english] of Object.entries(en)) {
      expect(ty[key as keyof typeof ty], key).toBeTruthy();
      expect(placeholders(ty[key as keyof typeof ty]), key).toEqual(placeholders(english));
    }
  });
});

describe("the keys filed with their screens' part", () => {
  it("are used by no file but those screens' and the contract's error tables (the app looks for a missing key by its prefix, but on the failure path)", () => {
    const src = join(import.meta.dirname, '../..');
    const sources = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|^shared[\\/]i18n[\\/]/.test(file),
    );
    const contract = join(src, '../../../packages/contract/src');
    const files = [
      ...sources.map((file) => ({ name: file, path: join(src, file) })),
      ...(readdirSync(contract, { recursive: true }) as string[])
        .filter((file) => /\.ts$/.test(file))
        .map((file) => ({ name: `contract/${file}`, path: join(contract, file) })),
    ];
    // The route table names the routes' titles, each in a part its screen loads (app/routes.test.ts).
    const isRouteTitle = (file: string, key: string) => file === join('app', 'routes.tsx') && key.startsWith('title_');
    const uses = files.flatMap(({ name, path }) => {
      const text = readFileSync(path, 'utf8');
      if (ERROR_TABLE_FILES.test(name)) return [];
      return Object.entries(SCREEN_KEYS).flatMap(([part, keys]) =>
        SCREEN_KEY_FILES[part as TextPart]!.test(name)
          ? []
          : keys
              .filter((key) => !isRouteTitle(name, key))
              .filter((key) => new RegExp(`['"\`]${key}['"\`]`).test(text))
              .map((key) => `${name}: ${key}`),
      );
    });
    expect(sources.length).toBeGreaterThan(100);
    expect(uses).toEqual([]);
  });
});
