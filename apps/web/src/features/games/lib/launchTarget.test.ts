import { describe, expect, it } from 'vitest';
import {
  categoryListPath,
  hotMatchCategory,
  hotMatchLaunchable,
  launchTarget,
  tileLaunchable,
  vendorTileTarget,
} from './launchTarget';

const query = (target: string) => Object.fromEntries(new URL(target, 'http://localhost').searchParams);
const pathOf = (target: string) => new URL(target, 'http://localhost').pathname;

describe('where a tap on a game goes (spec §4 "Game launch")', () => {
  const slot = tileLaunchable({ vassalage: 'LUZON', gameType: 'RNG', gameId: 'LUZON-RNG-001', nodeId: 17 });

  it('sends a guest to sign-in, whatever the game', () => {
    expect(launchTarget(slot, false)).toBe('/m/login');
    expect(launchTarget({ vendor: 'TCG_LOTTO_VN', gameType: 'LOTT' }, false)).toBe('/m/login');
  });

  it('launches other vendors generically with vendor, game id, node id and category', () => {
    const target = launchTarget(slot, true);
    expect(pathOf(target)).toBe('/m/launchGame');
    expect(query(target)).toEqual({ vendor: 'LUZON', gameId: 'LUZON-RNG-001', nodeId: '17', gameType: 'RNG' });
  });

  it('launches a hot match with its roomId as the game id and its node id', () => {
    const target = launchTarget(
      hotMatchLaunchable({ vendor: 'TF', roomId: 'TF-AES-3001', nodeId: 301 }, 'ESPORTS'),
      true,
    );
    expect(query(target)).toEqual({ vendor: 'TF', gameId: 'TF-AES-3001', nodeId: '301', gameType: 'ESPORTS' });
  });

  it('launches a hot match in the category its vendor is listed under', () => {
    const entry = (gameType: 'SPORTS' | 'ESPORTS', vassalage: string) => ({
      gameType,
      vassalage,
      vendorName: vassalage,
      accountTypeName: '',
      logoUrl: '',
      hot: false,
      new: false,
      gameCount: 1,
    });
    const info = {
      sorting: [
        { gameCategory: 'SPORTS' as const, vendorNames: [entry('SPORTS', 'PSB')] },
        { gameCategory: 'ESPORTS' as const, vendorNames: [entry('ESPORTS', 'TF')] },
      ],
      mapping: {},
    };
    expect(hotMatchCategory('TF', info)).toBe('ESPORTS');
    expect(hotMatchCategory('PSB', info)).toBe('SPORTS');
    expect(hotMatchCategory('TF', undefined)).toBe('SPORTS');
  });

  it('opens the lottery lobby for TCG_LOTTO_VN and TCG_SEA and for LOTT and ELOTT: the game, traditional play, the prize mode, code lobby, back to home', () => {
    const lottery = launchTarget(
      tileLaunchable({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameId: 'NORTH', nodeId: 5 }),
      true,
    );
    expect(pathOf(lottery)).toBe('/m/launchGame');
    expect(query(lottery)).toEqual({
      vendor: 'TCG_LOTTO_VN',
      gameId: 'NORTH',
      nodeId: '5',
      gameType: 'LOTT',
      playType: 'Tradition',
      prize_mode: 'Lott',
      code: 'lobby',
      pageBack: 'home',
    });
    expect(query(launchTarget({ vendor: 'TCG_SEA', gameType: 'ELOTT', gameId: 'SPEED1', nodeId: 9 }, true))).toEqual({
      vendor: 'TCG_SEA',
      gameId: 'SPEED1',
      nodeId: '9',
      gameType: 'ELOTT',
      playType: 'Tradition',
      prize_mode: 'Elott',
      code: 'lobby',
      pageBack: 'home',
    });
    // Another vendor's lottery game still opens the lobby of its category.
    expect(query(launchTarget({ vendor: 'OTHER', gameType: 'ELOTT', gameId: 'X', nodeId: 1 }, true)).prize_mode).toBe(
      'Elott',
    );
    expect(query(launchTarget({ vendor: 'OTHER', gameType: 'LOTT', gameId: 'X', nodeId: 1 }, true)).prize_mode).toBe(
      'Lott',
    );
  });

  it('leads a vendor tile to its lobby for a lottery vendor, else to the vendor’s list in its category', () => {
    expect(query(vendorTileTarget({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' }, true)).code).toBe('lobby');
    expect(vendorTileTarget({ vassalage: 'TCG_SEA', gameType: 'ELOTT' }, false)).toBe('/m/login');
    expect(vendorTileTarget({ vassalage: 'TF', gameType: 'ESPORTS' }, false)).toBe(
      '/m/gameList?gameType=ESPORTS&vendor=TF',
    );
    expect(vendorTileTarget({ vassalage: 'DS88', gameType: 'COCKFIGHT' }, true)).toBe(
      '/m/gameList?gameType=COCKFIGHT&vendor=DS88',
    );
  });

  it('links a category’s “more” to its list, and LOTT to the lottery', () => {
    expect(categoryListPath('RNG')).toBe('/m/gameList?gameType=RNG');
    expect(categoryListPath('ELOTT')).toBe('/m/gameList?gameType=ELOTT');
    expect(categoryListPath('LOTT')).toBe('/m/lottery');
  });
});
