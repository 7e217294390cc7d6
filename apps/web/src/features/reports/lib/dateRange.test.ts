import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, quickRange, todayIn, validateRange } from './dateRange';

describe('report date range', () => {
  it('today is the merchant time zone day, not the browser day', () => {
    const now = new Date('2026-03-31T17:30:00Z'); // 01:30 on 1 April in Manila
    expect(todayIn('Asia/Manila', now)).toBe('2026-04-01');
    expect(todayIn('UTC', now)).toBe('2026-03-31');
  });

  it('quick chips end today and include it', () => {
    expect(quickRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(quickRange('week', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(daysInRange(quickRange('month', '2026-03-01'))).toBe(30);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('custom ranges: both dates, in order, not past today, at most 93 days', () => {
    const today = '2026-05-10';
    expect(validateRange({ from: '', to: '2026-05-01' }, today)).toBe('range_required');
    expect(validateRange({ from: '2026-05-05', to: '2026-05-01' }, today)).toBe('range_order');
    expect(validateRange({ from: '2026-05-01', to: '2026-05-11' }, today)).toBe('range_future');
    expect(validateRange({ from: '2026-01-01', to: '2026-05-10' }, today)).toBe('range_too_long');
    expect(validateRange({ from: '2026-02-07', to: '2026-05-10' }, today)).toBeNull();
    expect(validateRange({ from: '2026-05-10', to: '2026-05-10' }, today)).toBeNull();
  });
});
