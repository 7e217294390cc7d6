import { TYPES_WITHOUT_AGENCY, WEB_ROUTES, type TMemberInfo, type TSiteSettings } from '@palaro/contract';
import type { TextKey } from '../../../shared/i18n';

export type EntryName =
  | 'agency'
  | 'depositRecords'
  | 'withdrawReport'
  | 'accountRecords'
  | 'bettingRecords'
  | 'profitLoss'
  | 'uplineTransfer'
  | 'rewardCenter'
  | 'manualRebate'
  | 'leaderboard'
  | 'redRain'
  | 'myRebate'
  | 'mail'
  | 'feedback';

export interface MemberEntry {
  name: EntryName;
  to: string;
  labelKey: TextKey;
}

type Member = Pick<TMemberInfo, 'type' | 'toUpline'> | null;

/**
 * The member-centre list entries, each gated exactly as spec §2 says: the agency centre for member
 * types other than 0, 4 and 40; transfer to upline with AGETRANSFERUP3, toUpline and type ≠ 2; the
 * leaderboard with the MISSION promotion; every other entry by its whitelabel flag. Entries that
 * depend on the member's type are left out until the member is known.
 */
export function memberEntries(
  settings: Pick<TSiteSettings, 'whitelabel' | 'promotions'>,
  member: Member,
): MemberEntry[] {
  const w = settings.whitelabel;
  const all: [boolean, MemberEntry][] = [
    [
      member !== null && !TYPES_WITHOUT_AGENCY.includes(member.type),
      { name: 'agency', to: WEB_ROUTES.agent, labelKey: 'mine_entry_agency' },
    ],
    [w.DEPRECM3, { name: 'depositRecords', to: WEB_ROUTES.depositRecords, labelKey: 'title_deposit_records' }],
    [w.WITHREC3, { name: 'withdrawReport', to: WEB_ROUTES.withdrawReport, labelKey: 'title_withdraw_report' }],
    [w.TRANSREC3, { name: 'accountRecords', to: WEB_ROUTES.transactionRecord, labelKey: 'title_transaction_record' }],
    [w.TRANSBETREPMEM3, { name: 'bettingRecords', to: WEB_ROUTES.gameRecord, labelKey: 'title_game_record' }],
    [w.PERSREP, { name: 'profitLoss', to: WEB_ROUTES.profitAndLoss, labelKey: 'title_profit_loss' }],
    [
      w.AGETRANSFERUP3 && member !== null && member.toUpline && member.type !== 2,
      { name: 'uplineTransfer', to: WEB_ROUTES.upLineTransfer, labelKey: 'title_upline_transfer' },
    ],
    [w.REWCEN3, { name: 'rewardCenter', to: WEB_ROUTES.rewardCenter, labelKey: 'title_reward_centre' }],
    [w.MANPLAYREB3, { name: 'manualRebate', to: WEB_ROUTES.manualRebate, labelKey: 'title_manual_rebate' }],
    [
      settings.promotions.MISSION,
      { name: 'leaderboard', to: WEB_ROUTES.leaderBoard, labelKey: 'mine_entry_leaderboard' },
    ],
    // GAMSER is an agent-home tile (spec §2); until agent home exists, the member centre lists it.
    [w.GAMSER, { name: 'redRain', to: WEB_ROUTES.redRain, labelKey: 'title_red_rain' }],
    [w.PLYRBT, { name: 'myRebate', to: WEB_ROUTES.rebateReport, labelKey: 'title_rebate_report' }],
    [w.MAILCEN, { name: 'mail', to: WEB_ROUTES.webEmail, labelKey: 'mine_entry_mail' }],
    [w.FEEDBACK3, { name: 'feedback', to: WEB_ROUTES.feedback, labelKey: 'title_feedback' }],
  ];
  return all.filter(([shown]) => shown).map(([, entry]) => entry);
}

export type TileName = 'benefits' | 'download' | 'deposit' | 'withdraw' | 'invite' | 'security';

export interface MemberTile {
  name: TileName;
  /** Where the tile goes; null for the download popup and for invite friends without REFERRAL. */
  to: string | null;
  labelKey: TextKey;
}

/** Quick tiles: benefits only when VIP is shown; invite friends goes to its page with REFERRAL, else says "contact service". */
export function memberTiles(settings: Pick<TSiteSettings, 'vip' | 'promotions'>): MemberTile[] {
  return [
    ...(settings.vip.display
      ? [{ name: 'benefits' as const, to: WEB_ROUTES.benefits, labelKey: 'mine_tile_benefits' as const }]
      : []),
    { name: 'download', to: null, labelKey: 'mine_tile_download' },
    { name: 'deposit', to: WEB_ROUTES.voucherCenter, labelKey: 'mine_tile_deposit' },
    { name: 'withdraw', to: WEB_ROUTES.withdraw, labelKey: 'mine_tile_withdraw' },
    {
      name: 'invite',
      to: settings.promotions.REFERRAL ? WEB_ROUTES.inviteFriends : null,
      labelKey: 'mine_tile_invite',
    },
    { name: 'security', to: WEB_ROUTES.securityCenter, labelKey: 'mine_tile_security' },
  ];
}

/** Whole days since registration (spec §2 "joined N days"), never negative. */
export function joinedDays(regDate: string, now: number = Date.now()): number {
  const start = new Date(regDate).getTime();
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now - start) / 86_400_000));
}

export type MemberCentreVariant = 'new' | 'base';

/** spec §1, §3: the merchant's mobileTemplate.mem_cen '1' is the new member centre, anything else the base one. */
export function memberCentreVariant(memCen: string | undefined): MemberCentreVariant {
  return memCen === '1' ? 'new' : 'base';
}
