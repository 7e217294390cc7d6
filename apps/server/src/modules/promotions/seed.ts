import { ZPromotionInput, type TPromotionInput } from '@palaro/contract/schemas';
import type { Tx } from '../../platform/db/database';
import type { PromotionRow } from './schema';
import * as store from './store';

type SeedPromotion = { code: string } & Omit<TPromotionInput, 'startsAt'>;

const peso = (amount: number) => amount * 100;
const BONUS_CONTRIBUTIONS = {
  RNG: 100,
  FISH: 100,
  INHOUSE: 100,
  PVP: 50,
  SPORTS: 50,
  ESPORTS: 50,
  ELOTT: 50,
  LOTT: 50,
  LIVE: 10,
  COCKFIGHT: 10,
};
const base: Pick<
  TPromotionInput,
  | 'requiresJoin'
  | 'endsAt'
  | 'claimDays'
  | 'eligibility'
  | 'perMemberLimit'
  | 'budget'
  | 'turnoverBase'
  | 'contributions'
> = {
  requiresJoin: false,
  endsAt: null,
  claimDays: 1,
  eligibility: { memberTypes: [0, 1], minVipLevel: 0, newMemberDays: null },
  perMemberLimit: null,
  budget: null,
  turnoverBase: 'bonus',
  contributions: {},
};

/**
 * The demo merchant's promotions. The first keeps the promise of home's banner, popup and the
 * registration banner (modules/content/seed.ts): a 100 % bonus on the first deposit, up to ₱5,000.
 */
export const DEMO_PROMOTIONS: readonly SeedPromotion[] = [
  {
    ...base,
    code: 'welcome-bonus',
    title: { EN: '100% Welcome Bonus', TY: '100% Pambungad na Bonus' },
    description: {
      EN: 'Double your first deposit up to ₱5,000. Deposit at least ₱100, then claim the bonus here. Bet 10× the bonus before withdrawing; slots and fishing count in full, sports and lottery half, live casino and sabong 10%.',
      TY: 'Doblehin ang unang deposito hanggang ₱5,000. Mag-deposito ng hindi bababa sa ₱100, saka kunin dito ang bonus. Tumaya ng 10× ng bonus bago mag-withdraw; buo ang bilang ng slots at fishing, kalahati ang sports at lotto, 10% ang live casino at sabong.',
    },
    category: 'deposit',
    rule: { type: 'first_deposit', percent: 100, cap: peso(5000), minDeposit: peso(100) },
    claimMode: 'claim',
    period: 'once',
    perMemberLimit: 1,
    turnoverPercent: 1000,
    contributions: BONUS_CONTRIBUTIONS,
    sortOrder: 1,
  },
  {
    ...base,
    code: 'daily-check-in',
    title: { EN: 'Daily Check-in', TY: 'Araw-araw na Check-in' },
    description: {
      EN: 'Check in every day: ₱2 on day 1 rising to ₱20 on day 7 of a streak. Miss a day and the streak starts again. Bet the reward once before withdrawing.',
      TY: 'Mag-check in araw-araw: ₱2 sa unang araw hanggang ₱20 sa ika-7 araw ng sunod-sunod. Kapag may araw na nalaktawan, uulit ang bilang. Itaya ang reward nang isang beses bago mag-withdraw.',
    },
    category: 'daily',
    rule: { type: 'check_in', rewards: [peso(2), peso(3), peso(5), peso(5), peso(8), peso(10), peso(20)] },
    claimMode: 'claim',
    period: 'day',
    turnoverPercent: 100,
    sortOrder: 2,
  },
  {
    ...base,
    code: 'weekly-cashback',
    title: { EN: 'Weekly Cashback 5%', TY: 'Lingguhang Cashback 5%' },
    description: {
      EN: 'Get back 5% of last week’s net loss (at least ₱500 lost), up to ₱2,000. Claim it within 3 days after the week ends. Bet it once before withdrawing.',
      TY: 'Ibabalik ang 5% ng netong talo noong nakaraang linggo (hindi bababa sa ₱500), hanggang ₱2,000. Kunin sa loob ng 3 araw matapos ang linggo. Itaya ito nang isang beses bago mag-withdraw.',
    },
    category: 'rebate',
    rule: { type: 'loss_rebate', rateBasisPoints: 500, cap: peso(2000), minLoss: peso(500) },
    claimMode: 'claim',
    period: 'week',
    claimDays: 3,
    turnoverPercent: 100,
    sortOrder: 3,
  },
  {
    ...base,
    code: 'daily-turnover-reward',
    title: { EN: 'Daily Turnover Reward', TY: 'Araw-araw na Turnover Reward' },
    description: {
      EN: 'Join, then bet: ₱18 for ₱5,000 of valid bets in a day, ₱88 for ₱20,000, ₱388 for ₱100,000. Claim the next day.',
      TY: 'Sumali, saka tumaya: ₱18 sa ₱5,000 na valid bets sa isang araw, ₱88 sa ₱20,000, ₱388 sa ₱100,000. Kunin kinabukasan.',
    },
    category: 'rebate',
    rule: {
      type: 'turnover_reward',
      tiers: [
        { turnover: peso(5000), reward: peso(18) },
        { turnover: peso(20000), reward: peso(88) },
        { turnover: peso(100000), reward: peso(388) },
      ],
    },
    claimMode: 'claim',
    period: 'day',
    requiresJoin: true,
    turnoverPercent: 100,
    sortOrder: 4,
  },
  {
    ...base,
    code: 'refer-earn',
    title: { EN: 'Refer & Earn', TY: 'Mag-imbita at Kumita' },
    description: {
      EN: 'Earn ₱100 for every friend who registers with your link and deposits at least ₱100.',
      TY: 'Kumita ng ₱100 sa bawat kaibigang nagparehistro gamit ang link mo at nag-deposito ng hindi bababa sa ₱100.',
    },
    category: 'referral',
    rule: { type: 'referral', percent: 100, cap: peso(100), minDeposit: peso(100) },
    claimMode: 'claim',
    period: 'once',
    turnoverPercent: 100,
    sortOrder: 5,
  },
  {
    ...base,
    code: 'share-your-win',
    title: { EN: 'Share Your Big Win', TY: 'Ibahagi ang Malaking Panalo' },
    description: {
      EN: 'Post a screenshot of your win on Facebook, then apply here with the screenshots (up to 3) and a short comment. Once approved, ₱88 arrives in your wallet.',
      TY: 'I-post sa Facebook ang screenshot ng panalo mo, saka mag-apply dito kasama ang mga screenshot (hanggang 3) at maikling komento. Kapag naaprubahan, papasok ang ₱88 sa wallet mo.',
    },
    category: 'other',
    rule: { type: 'mission', tasks: [{ kind: 'turnover', target: 0 }], reward: peso(88) },
    claimMode: 'apply',
    period: 'once',
    perMemberLimit: 1,
    budget: peso(100000),
    turnoverPercent: 100,
    sortOrder: 6,
  },
  {
    ...base,
    code: 'vip-birthday',
    title: { EN: 'VIP Birthday Gift', TY: 'Regalo sa Kaarawan ng VIP' },
    description: {
      EN: 'VIP members (level 1 and up) get ₱188 in their birthday month.',
      TY: 'Ang mga VIP (level 1 pataas) ay may ₱188 sa buwan ng kaarawan nila.',
    },
    category: 'vip',
    rule: { type: 'birthday', amount: peso(188) },
    claimMode: 'claim',
    period: 'month',
    eligibility: { memberTypes: [0, 1], minVipLevel: 1, newMemberDays: null },
    turnoverPercent: 100,
    sortOrder: 7,
  },
];

/** A fixed start well before any demo's clock, so the seeded promotions are running. */
const SEED_START = '2026-01-01T00:00:00.000Z';

/** Adds the demo promotions that are missing (by code); idempotent. */
export async function seedDemoPromotions(tx: Tx, merchantId: number): Promise<PromotionRow[]> {
  const added: PromotionRow[] = [];
  for (const { code, ...promotion } of DEMO_PROMOTIONS) {
    if (await store.promotionByCode(tx, merchantId, code)) continue;
    const input = ZPromotionInput.parse({ ...promotion, startsAt: SEED_START });
    added.push(
      await store.insertPromotion(tx, {
        ...input,
        code,
        merchantId,
        startsAt: new Date(input.startsAt),
        endsAt: input.endsAt === null ? null : new Date(input.endsAt),
        budget: input.budget === null ? null : BigInt(input.budget),
      }),
    );
  }
  return added;
}
