import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, MINES_GAME_CODE, SLOT_GAME_CODE } from '@palaro/contract';
import { gameIconSvg } from './art';
import { DEMO_HOT_MATCHES, DEMO_VENDORS, demoGames } from './demo-catalogue';

describe('the demo catalogue', () => {
  const games = demoGames();

  it('has at least 12 vendors and 400 games over every category, the spec’s vendor codes kept', () => {
    expect(DEMO_VENDORS.length).toBeGreaterThanOrEqual(12);
    expect(games.length).toBeGreaterThanOrEqual(400);
    expect(new Set(games.map((game) => game.category))).toEqual(new Set(GAME_CATEGORIES));
    const codes = DEMO_VENDORS.map((vendor) => vendor.code);
    expect(codes).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA', 'TF', 'DS88']));
    expect(games.filter((game) => game.vendorCode === 'TF').every((game) => game.category === 'ESPORTS')).toBe(true);
    expect(games.filter((game) => game.vendorCode === 'DS88').every((game) => game.category === 'COCKFIGHT')).toBe(
      true,
    );
  });

  it('gives every game a unique code and name, the same on every run, with hot and new ones', () => {
    expect(new Set(games.map((game) => game.code)).size).toBe(games.length);
    expect(new Set(games.map((game) => game.name)).size).toBe(games.length);
    expect(demoGames()).toEqual(games);
    expect(games.some((game) => game.hot)).toBe(true);
    expect(games.some((game) => game.isNew && game.category === 'RNG')).toBe(true);
    for (const match of DEMO_HOT_MATCHES) expect(games.some((game) => game.code === match.gameCode)).toBe(true);
  });

  it('draws the same icon for the same game and escapes its name', () => {
    const subject = {
      code: 'X-1',
      name: 'Salt & <Pepper>',
      category: 'RNG' as const,
      primaryColour: '#112233',
      accentColour: '#ffeeaa',
    };
    expect(gameIconSvg(subject, 'l')).toBe(gameIconSvg(subject, 'l'));
    expect(gameIconSvg(subject, 'l')).toContain('Salt &#38; &#60;Pepper&#62;');
    expect(gameIconSvg(subject, 's')).not.toContain('<text');
  });

  it('draws each in-house game a picture of its own, not the category’s shared star', () => {
    const icon = (code: string) =>
      gameIconSvg(
        { code, name: 'Palaro', category: 'INHOUSE', primaryColour: '#112233', accentColour: '#ffeeaa' },
        's',
      );
    const generic = icon('PLR-INHOUSE-999');
    const slot = icon(SLOT_GAME_CODE);
    const mines = icon(MINES_GAME_CODE);
    expect(new Set([generic, slot, mines]).size).toBe(3);
    // The reel windows and the gem's facets take the tile's colour.
    expect(slot).toContain('fill="#112233" stroke="none"');
    expect(mines).toContain('fill="none" stroke="#112233"');
  });

  it('squeezes a name line that may outrun the tile to its margins, and leaves short ones alone', () => {
    const icon = (name: string) =>
      gameIconSvg({ code: 'X-2', name, category: 'FISH', primaryColour: '#112233', accentColour: '#ffeeaa' }, 'l');
    const lines = (svg: string) =>
      [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => ({
        text: match[1],
        fitted: match[0].includes('textLength='),
      }));
    expect(lines(icon('Ancient Sampaguita Reef Raid'))).toEqual([
      { text: 'Ancient Sampaguita', fitted: true },
      { text: 'Reef Raid', fitted: false },
    ]);
    expect(lines(icon('Koi Run')).every((line) => !line.fitted)).toBe(true);
  });
});
