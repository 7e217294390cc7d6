import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  classificationChoices,
  classificationWords,
  filtersFromSearch,
  minBetChoices,
  quickTabs,
  searchWithFilters,
  toggleVendor,
} from './listFilters';

const params = (query: string) => new URLSearchParams(query);

describe('the game list filters (spec §2 "Game list per category", §4 "Game lists")', () => {
  it('offers the quick tabs: NEW for RNG only, favourites and recent for members only', () => {
    expect(quickTabs('RNG', false)).toEqual(['ALL', 'HOT', 'NEW']);
    expect(quickTabs('RNG', true)).toEqual(['ALL', 'HOT', 'NEW', 'FAV', 'RECENT']);
    expect(quickTabs('LIVE', true)).toEqual(['ALL', 'HOT', 'FAV', 'RECENT']);
  });

  it('offers the panel’s classifications: ALL, NEW (RNG), HOT, FAV (members) and the vendors’ own, each once', () => {
    expect(classificationChoices('RNG', false)).toEqual(['ALL', 'NEW', 'HOT']);
    expect(classificationChoices('LIVE', true, ['BACCARAT', 'ROULETTE', 'BACCARAT'])).toEqual([
      'ALL',
      'HOT',
      'FAV',
      'BACCARAT',
      'ROULETTE',
    ]);
    // A vendor's code cannot stand in for a standard tab, and a malformed one is left out.
    expect(classificationChoices('FISH', false, ['HOT', 'RECENT', 'bad code', 'SHOOTER'])).toEqual([
      'ALL',
      'HOT',
      'SHOOTER',
    ]);
  });

  it('offers a minimum bet for RNG only: ₱0.01, 0.05, 0.10, 0.50, 0.75', () => {
    expect(minBetChoices('RNG')).toEqual([1, 5, 10, 50, 75]);
    expect(minBetChoices('LIVE')).toBeNull();
  });

  it('clears the vendor when the selected one is tapped again', () => {
    expect(toggleVendor(undefined, 'ALON')).toBe('ALON');
    expect(toggleVendor('ALON', 'BITUIN')).toBe('BITUIN');
    expect(toggleVendor('ALON', 'ALON')).toBeUndefined();
  });

  it('reads the URL’s filters and drops what this list does not offer', () => {
    const vendors = ['ALON', 'BITUIN'];
    expect(
      filtersFromSearch(params('classify=HOT&vendor=ALON&minBet=5'), {
        gameType: 'RNG',
        signedIn: false,
        vendors,
        vendorDefined: ['JACKPOT'],
      }),
    ).toEqual({ classify: 'HOT', vendor: 'ALON', minBet: 5 });
    // FAV and RECENT need a member; NEW and a minimum bet need RNG; a vendor must be the category's.
    expect(
      filtersFromSearch(params('classify=FAV&vendor=NOPE'), {
        gameType: 'RNG',
        signedIn: false,
        vendors,
        vendorDefined: [],
      }),
    ).toEqual({ classify: 'ALL', vendor: undefined, minBet: undefined });
    expect(
      filtersFromSearch(params('classify=NEW&minBet=5'), {
        gameType: 'LIVE',
        signedIn: true,
        vendors,
        vendorDefined: [],
      }),
    ).toEqual({ classify: 'ALL', vendor: undefined, minBet: undefined });
    expect(
      filtersFromSearch(params('minBet=7'), { gameType: 'RNG', signedIn: true, vendors, vendorDefined: [] }).minBet,
    ).toBeUndefined();
    expect(
      filtersFromSearch(params('classify=RECENT'), { gameType: 'LIVE', signedIn: true, vendors, vendorDefined: [] })
        .classify,
    ).toBe('RECENT');
    // A vendor's own classification counts once the category's are known; before, a well-formed one is trusted.
    expect(
      filtersFromSearch(params('classify=JACKPOT'), {
        gameType: 'RNG',
        signedIn: false,
        vendors,
        vendorDefined: ['JACKPOT'],
      }).classify,
    ).toBe('JACKPOT');
    expect(
      filtersFromSearch(params('classify=JACKPOT'), {
        gameType: 'RNG',
        signedIn: false,
        vendors,
        vendorDefined: ['CLASSIC'],
      }).classify,
    ).toBe('ALL');
    expect(
      filtersFromSearch(params('classify=JACKPOT&vendor=ALON'), {
        gameType: 'RNG',
        signedIn: false,
        vendors: undefined,
        vendorDefined: undefined,
      }),
    ).toEqual({ classify: 'JACKPOT', vendor: 'ALON', minBet: undefined });
    expect(
      filtersFromSearch(params('classify=FAV'), {
        gameType: 'RNG',
        signedIn: false,
        vendors: undefined,
        vendorDefined: undefined,
      }).classify,
    ).toBe('ALL');
  });

  it('writes the filters into the URL, leaving defaults out and the search and category in place', () => {
    const next = searchWithFilters(params('gameType=RNG&q=mango&classify=HOT&minBet=5'), {
      classify: 'ALL',
      vendor: 'ALON',
      minBet: undefined,
    });
    expect(next.toString()).toBe('gameType=RNG&q=mango&vendor=ALON');
    expect(searchWithFilters(params('gameType=RNG'), { classify: 'JACKPOT', minBet: 75 }).toString()).toBe(
      'gameType=RNG&classify=JACKPOT&minBet=75',
    );
  });

  it('counts the chosen filters for the button’s badge', () => {
    expect(activeFilterCount({ classify: 'ALL' })).toBe(0);
    expect(activeFilterCount({ classify: 'HOT', vendor: 'ALON', minBet: 1 })).toBe(3);
  });

  it('names an unknown vendor classification in words', () => {
    expect(classificationWords('MEGA_WAYS')).toBe('Mega ways');
  });
});
