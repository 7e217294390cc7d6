import { describe, expect, it } from 'vitest';
import { BET_TYPES, formatMoney } from '@palaro/contract';
import { en } from '../../../shared/i18n/en';
import { ty } from '../../../shared/i18n/ty';
import { betTypeTexts, rowText } from './betTypeText';

const translator =
  (table: Record<string, string>) =>
  (key: string, values: Record<string, string | number> = {}) =>
    (table[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
const money = (minor: number) => `₱${formatMoney(minor)}`;
const vietnamese = (code: string) => /^VNN?S?_/.test(code);

describe('bet types in the player’s language', () => {
  it('gives every bet type of the contract its name and "wins when" line in English and Tagalog', () => {
    for (const table of [en, ty]) {
      const t = translator(table);
      for (const rule of BET_TYPES) {
        const texts = betTypeTexts(t, money, rule.family, rule.code);
        expect(texts.wins, rule.code).not.toBeNull();
        expect(texts.wins, rule.code).not.toMatch(/\{\{|lt_/);
        if (vietnamese(rule.code)) expect(texts.name, rule.code).toBeNull();
        else expect(texts.name, rule.code).not.toBeNull();
        for (const row of rule.rows) expect(rowText(t, row.label), `${rule.code} ${row.label}`).not.toMatch(/\{\{|lt_/);
      }
    }
  });

  it('says in English what the contract says, counts and prizes filled in', () => {
    const t = translator(en);
    for (const rule of BET_TYPES) {
      const texts = betTypeTexts(t, money, rule.family, rule.code);
      // Money reads with its centavos here (₱24,000.00), in whole pesos in the contract's words.
      expect(texts.wins?.replace(/\.00/g, ''), rule.code).toBe(rule.wins);
      if (texts.name !== null) expect(texts.name, rule.code).toBe(rule.name);
    }
  });

  it('reads rows in Tagalog: balls, places, digits and the rest', () => {
    const t = translator(ty);
    expect(
      ['Ball 3', '1st', '2nd vs 9th', 'Ball 1 vs ball 5', '3rd digit', 'Total', 'Any triple'].map((label) =>
        rowText(t, label),
      ),
    ).toEqual([
      'Bola 3',
      'Ika-1 puwesto',
      'Ika-2 laban sa ika-9',
      'Bola 1 laban sa bola 5',
      'Ika-3 na digit',
      'Kabuuan',
      'Kahit anong triple',
    ]);
    expect(betTypeTexts(t, money, 'VNS', 'VNS_LO3').wins).toBe(
      'bayad sa bawat isa sa 17 numerong may 3+ digit na nagtatapos sa napiling tatlong digit',
    );
  });
  it('keeps the server’s words while the texts are not there (never a key on screen)', () => {
    const none = translator({});
    expect(['Ball 1', '1st', 'Total'].map((label) => rowText(none, label))).toEqual(['Ball 1', '1st', 'Total']);
    expect(betTypeTexts(none, money, 'SSC', 'SSC_FIXED_PLACE')).toEqual({ name: null, wins: null });
  });
});
