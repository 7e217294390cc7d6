import { describe, expect, it } from 'vitest';
import { MerchantCatalogue } from './catalogue';
import type { GameRow, GameVendorRow } from './schema';

const vendor: GameVendorRow = {
  id: 1,
  merchantId: 1,
  code: 'ALON',
  name: 'Alon Gaming',
  accountTypeName: 'Alon',
  primaryColour: '#112233',
  accentColour: '#ffeeaa',
  enabled: true,
  hot: false,
  isNew: false,
  sortOrder: 1,
  minBet: 1n,
  createdAt: new Date(0),
};

function game(id: number, name: string, overrides: Partial<GameRow> = {}): GameRow {
  return {
    id,
    merchantId: 1,
    vendorId: 1,
    code: `ALON-RNG-${id}`,
    name,
    category: 'RNG',
    classifications: [],
    minBet: 1n,
    lines: 20,
    supportPlay: true,
    enabled: true,
    hot: false,
    isNew: false,
    sortOrder: id,
    createdAt: new Date(0),
    ...overrides,
  };
}

const catalogue = new MerchantCatalogue(
  {
    vendors: [vendor],
    games: [
      game(1, 'Golden Carabao Fortune'),
      game(2, 'Lucky Jeepney Spins'),
      game(3, 'Niño’s Golden Mango'),
      game(4, 'Carabao Fiesta', { category: 'FISH' }),
      game(5, 'Sabong Live', { category: 'COCKFIGHT' }),
    ],
    matches: [],
    cockfightEnabled: false,
  },
  'palaro',
);

const names = (filter: Parameters<MerchantCatalogue['filtered']>[0]) =>
  catalogue.filtered(filter).map((entry) => entry.row.name);

describe('searching a catalogue by name', () => {
  it('matches the start of any word, in any case and without accents, every query word', () => {
    expect(names({ name: 'CARA' })).toEqual(['Carabao Fiesta', 'Golden Carabao Fortune']);
    expect(names({ name: 'arabao' })).toEqual([]);
    expect(names({ name: 'golden car' })).toEqual(['Golden Carabao Fortune']);
    expect(names({ name: 'nino' })).toEqual(['Niño’s Golden Mango']);
    expect(names({ name: 'carabao', category: 'RNG' })).toEqual(['Golden Carabao Fortune']);
    expect(names({ name: '  —  ' })).toHaveLength(4);
  });

  it('never finds what the merchant does not offer', () => {
    expect(names({ name: 'sabong' })).toEqual([]);
    expect(catalogue.gameByCode('ALON-RNG-5')).toBeUndefined();
  });

  it('puts the merchant code in upper case in every art path', () => {
    expect(catalogue.game(1)!.tile).toMatchObject({
      mobileSmallIcon: '/media/games/PALARO/s/ALON-RNG-1.webp',
      vendorLogoUrl: '/media/games/PALARO/vendors/ALON.webp',
    });
  });
});
