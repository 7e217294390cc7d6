import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthDayTime } from './format';

describe('dates in the merchant’s time zone', () => {
  it('are the same each time a formatter is reused, per time zone', () => {
    expect(formatMonthDayTime('2026-11-26T10:58:00Z')).toBe('11/26 18:58');
    expect(formatMonthDayTime('2026-11-27T23:05:00Z')).toBe('11/28 07:05');
    expect(formatMonthDayTime('2026-11-26T10:58:00Z', 'UTC')).toBe('11/26 10:58');
    expect(formatDate('2026-11-26T20:00:00Z', 'EN')).toBe(formatDate('2026-11-26T20:00:00Z', 'EN'));
    expect(formatDate('2026-11-26T20:00:00Z', 'EN', 'UTC')).not.toBe(formatDate('2026-11-26T20:00:00Z', 'EN'));
  });

  it('read one way per language: month name first, never day/month digits', () => {
    expect(formatDateTime('2026-12-07T07:55:00Z', 'TY')).toBe('Dis 7, 2026, 3:55 PM');
    expect(formatDateTime('2026-12-07T07:55:00Z', 'EN')).toBe('Dec 7, 2026, 3:55 PM');
    expect(formatDate('2026-12-07T07:55:00Z', 'TY')).toBe('Dis 7, 2026');
  });

  it('fall back to UTC for a time zone the browser does not know', () => {
    expect(formatMonthDayTime('2026-11-26T10:58:00Z', 'Nowhere/Atlantis')).toBe('11/26 10:58');
    expect(formatMonthDayTime('not a date')).toBe('');
  });
});
