import { describe, expect, it } from 'vitest';
import { betsToSend, toggledOnSlip, withoutBet, type SlipBet } from './slip';

const bet = (key: string, overrides: Partial<SlipBet> = {}): SlipBet => ({
  key,
  betType: 'SSC_BSOE',
  betName: 'Big/small/odd/even per ball',
  picks: [[0]],
  picksText: 'Ball 1 · Big · 1.95×',
  unitStake: 100,
  multiplier: 1,
  combinations: 1,
  stake: 100,
  ...overrides,
});

describe('the slip', () => {
  it('takes a board bet on with a tap and off with a second, keeping the others in order', () => {
    const big = bet('ent:SSC_BSOE:0:0');
    const even = bet('ent:SSC_SUM_BSOE:0:3');
    const withBoth = toggledOnSlip(toggledOnSlip([], big), even);
    expect(withBoth.map((each) => each.key)).toEqual([big.key, even.key]);
    expect(toggledOnSlip(withBoth, big)).toEqual([even]);
  });

  it('removes one bet by its key and leaves the slip it was given as it was', () => {
    const slip = [bet('a'), bet('b'), bet('c')];
    expect(withoutBet(slip, 'b').map((each) => each.key)).toEqual(['a', 'c']);
    expect(slip).toHaveLength(3);
  });

  it('sends each bet’s type, picks, unit stake and multiplier, nothing of how the screen shows it', () => {
    expect(betsToSend([bet('a', { picks: [[3], [4, 7]], unitStake: 200, multiplier: 3, stake: 1200 })])).toEqual([
      { betType: 'SSC_BSOE', picks: [[3], [4, 7]], unitStake: 200, multiplier: 3 },
    ]);
  });
});
