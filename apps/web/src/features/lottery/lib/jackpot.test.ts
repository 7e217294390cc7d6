import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useJackpot } from '../components/JackpotCounter';

describe('useJackpot', () => {
  it('starts uniformly between min and max', () => {
    const { result } = renderHook(() => useJackpot({ min: 1000, max: 2000 }, () => 0.5));
    expect(result.current).toBe(1500);
  });
});
