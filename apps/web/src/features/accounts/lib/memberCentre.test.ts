import { describe, expect, it } from 'vitest';
import { WHITELABEL_FLAGS, type Whitelabel } from '@palaro/contract';
import { settings, whitelabel } from '../../../test/fixtures';
import { joinedDays, memberCentreVariant, memberEntries, memberTiles } from './memberCentre';

const FLAG_OF: Record<string, keyof Whitelabel> = {
  depositRecords: 'DEPRECM3',
  withdrawReport: 'WITHREC3',
  accountRecords: 'TRANSREC3',
  bettingRecords: 'TRANSBETREPMEM3',
  profitLoss: 'PERSREP',
  rewardCenter: 'REWCEN3',
  manualRebate: 'MANPLAYREB3',
  myRebate: 'PLYRBT',
  mail: 'MAILCEN',
  feedback: 'FEEDBACK3',
};

const allOn = whitelabel(Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, true])) as Partial<Whitelabel>);
const names = (s: ReturnType<typeof settings>, member: Parameters<typeof memberEntries>[1]) =>
  memberEntries(s, member).map((e) => e.name);

describe('member centre gating (spec §2)', () => {
  it.each([0, 1, 2, 4, 40, 41, 42])('agency centre for member type %i only when the type is not 0, 4 or 40', (type) => {
    const shown = names(settings({ whitelabel: allOn }), { type, toUpline: true }).includes('agency');
    expect(shown).toBe(![0, 4, 40].includes(type));
  });

  it.each(Object.entries(FLAG_OF))('%s follows %s', (entry, flag) => {
    const on = names(settings({ whitelabel: whitelabel({ [flag]: true }) }), { type: 0, toUpline: false });
    const off = names(
      settings({
        whitelabel: whitelabel({ ...Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, true])), [flag]: false }),
      }),
      { type: 0, toUpline: false },
    );
    expect(on).toEqual([entry]);
    expect(off).not.toContain(entry);
  });

  it.each([
    [true, true, 0, true],
    [true, true, 1, true],
    [true, true, 2, false],
    [true, false, 0, false],
    [false, true, 0, false],
  ])('transfer to upline: AGETRANSFERUP3=%s toUpline=%s type=%i → %s', (flag, toUpline, type, shown) => {
    const list = names(settings({ whitelabel: whitelabel({ AGETRANSFERUP3: flag }) }), { type, toUpline });
    expect(list.includes('uplineTransfer')).toBe(shown);
  });

  it('mission leaderboard follows the MISSION promotion', () => {
    expect(names(settings({ promotions: { REFERRAL: false, MISSION: true } }), { type: 0, toUpline: false })).toEqual([
      'leaderboard',
    ]);
    expect(names(settings({ promotions: { REFERRAL: true, MISSION: false } }), { type: 0, toUpline: false })).toEqual(
      [],
    );
  });

  it('leaves out the type-dependent entries until the member is known', () => {
    const list = names(settings({ whitelabel: allOn }), null);
    expect(list).not.toContain('agency');
    expect(list).not.toContain('uplineTransfer');
    expect(list).toContain('depositRecords');
  });

  it('tiles: benefits only with VIP display; invite goes to its page only with REFERRAL', () => {
    const withVip = memberTiles(
      settings({ vip: { display: true, benefits: true }, promotions: { REFERRAL: true, MISSION: false } }),
    );
    expect(withVip.map((t) => t.name)).toEqual(['benefits', 'download', 'deposit', 'withdraw', 'invite', 'security']);
    expect(withVip.find((t) => t.name === 'invite')?.to).toBe('/m/inviteFriends');
    const plain = memberTiles(
      settings({ vip: { display: false, benefits: false }, promotions: { REFERRAL: false, MISSION: false } }),
    );
    expect(plain.map((t) => t.name)).not.toContain('benefits');
    expect(plain.find((t) => t.name === 'invite')?.to).toBeNull();
  });

  it('joined days are whole days since regDate', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(joinedDays('2026-03-10T01:00:00Z', now)).toBe(0);
    expect(joinedDays('2026-03-09T12:00:01Z', now)).toBe(0);
    expect(joinedDays('2026-03-09T12:00:00Z', now)).toBe(1);
    expect(joinedDays('2026-01-01T00:00:00Z', now)).toBe(68);
    expect(joinedDays('not a date', now)).toBe(0);
  });
});

describe('member centre variant (spec §3 mobile template)', () => {
  it('is the new centre only for mem_cen "1"', () => {
    expect(memberCentreVariant('1')).toBe('new');
    for (const other of ['0', '', '2', undefined]) expect(memberCentreVariant(other)).toBe('base');
  });
});
