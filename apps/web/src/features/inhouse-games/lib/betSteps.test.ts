import { describe, expect, it } from 'vitest';
import { canAfford, highestAffordable, initialBet, stepBet } from './betSteps';

const steps = [100, 200, 500, 1000];

describe('the bet selector', () => {
  it('starts on the remembered bet when the server still offers it, else on the lowest', () => {
    expect(initialBet(steps, 500)).toBe(500);
    expect(initialBet(steps, 300)).toBe(100);
    expect(initialBet(steps, null)).toBe(100);
    expect(initialBet([], null)).toBe(0);
  });

  it('moves one step at a time and stops at the ends', () => {
    expect(stepBet(steps, 100, 1)).toBe(200);
    expect(stepBet(steps, 500, -1)).toBe(200);
    expect(stepBet(steps, 1000, 1)).toBeNull();
    expect(stepBet(steps, 100, -1)).toBeNull();
    // A bet the server no longer offers moves to its neighbours on the list.
    expect(stepBet(steps, 300, 1)).toBe(500);
    expect(stepBet(steps, 300, -1)).toBe(200);
  });

  it('offers the highest step the balance pays, or the lowest when none is affordable', () => {
    expect(highestAffordable(steps, 750)).toBe(500);
    expect(highestAffordable(steps, 1000)).toBe(1000);
    expect(highestAffordable(steps, 50)).toBe(100);
  });

  it('lets a bet go only when the balance covers it', () => {
    expect(canAfford(500, 500)).toBe(true);
    expect(canAfford(501, 500)).toBe(false);
    expect(canAfford(100, null)).toBe(false);
    expect(canAfford(0, 500)).toBe(false);
  });
});
