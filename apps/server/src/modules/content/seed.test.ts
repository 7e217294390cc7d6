import { describe, expect, it } from 'vitest';
import { DEMO_ANNOUNCEMENTS, seedPublicationTime } from './seed';

describe('demo announcement dates', () => {
  it('are whole days before the seed, at the given Manila hour', () => {
    // 23:37 UTC on the 21st is 07:37 on the 22nd in Manila.
    const now = new Date('2026-11-21T23:37:00Z');
    expect(seedPublicationTime(now, { daysAgo: 1, hour: 9 }).toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(seedPublicationTime(now, { daysAgo: 0, hour: 6 }).toISOString()).toBe('2026-11-21T22:00:00.000Z');
  });

  it('never lie in the future, whenever the seed runs', () => {
    for (const now of [
      new Date('2026-11-21T16:00:00Z'),
      new Date('2026-11-21T15:59:59Z'),
      new Date('2026-01-01T00:00:00Z'),
    ]) {
      for (const announcement of DEMO_ANNOUNCEMENTS) {
        expect(seedPublicationTime(now, announcement.publishedAt).getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  });
});
