import { describe, expect, it } from 'vitest';
import { DomainError } from './http/errors';
import { addDays, dayRange, localDay, startOfLocalDay } from './time-zone';

describe('time zones', () => {
  it('puts an instant on the day it falls on locally', () => {
    expect(localDay(new Date('2026-11-21T16:30:00Z'), 'Asia/Manila')).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-21T15:59:59Z'), 'Asia/Manila')).toBe('2026-11-21');
  });

  it('finds where a local day starts, also on daylight-saving days', () => {
    expect(startOfLocalDay('2026-11-22', 'Asia/Manila').toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('defaults to the last days up to today and refuses reversed or too long ranges', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    expect(dayRange({}, 'Asia/Manila', now, 7, 93)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(() => dayRange({ from: '2026-11-22', to: '2026-11-01' }, 'Asia/Manila', now, 7, 93)).toThrow(DomainError);
    expect(() => dayRange({ from: '2026-01-01', to: '2026-11-01' }, 'Asia/Manila', now, 7, 93)).toThrow(DomainError);
  });

  it('answers a range asked again as the first time: moved on with today, in Dates of its own', () => {
    const today = dayRange({}, 'Asia/Manila', new Date('2026-11-22T02:00:00Z'), 7, 93);
    today.start.setTime(0);
    expect(dayRange({}, 'Asia/Manila', new Date('2026-11-22T03:00:00Z'), 7, 93)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      start: new Date('2026-11-15T16:00:00Z'),
      end: new Date('2026-11-22T16:00:00Z'),
    });
    expect(dayRange({}, 'Asia/Manila', new Date('2026-11-22T16:00:00Z'), 7, 93)).toMatchObject({
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(dayRange({}, 'Asia/Manila', new Date('2026-11-22T16:00:00Z'), 1, 93)).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(dayRange({}, 'Europe/Berlin', new Date('2026-11-22T16:00:00Z'), 7, 93)).toMatchObject({
      to: '2026-11-22',
      start: new Date('2026-11-15T23:00:00Z'),
    });
  });
});
