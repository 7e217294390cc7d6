import type { Queryable } from '../../platform/db/database';
import type { LocalisedText, NewAnnouncementRow } from './schema';
import * as store from './store';

type SeedAnnouncement = Omit<NewAnnouncementRow, 'merchantId' | 'publishedAt' | 'seedKey'> & {
  key: string;
  /** Relative to the first seed, so a new installation's content reads as recent. */
  publishedAt: { daysAgo: number; hour: number };
};

const MANILA_UTC_OFFSET_HOURS = 8;
const HOUR_MS = 3_600_000;

/** `daysAgo` whole days before `now`'s date in Manila, at `hour` o'clock Manila time. */
export function seedPublicationTime(now: Date, { daysAgo, hour }: SeedAnnouncement['publishedAt']): Date {
  const manilaNow = new Date(now.getTime() + MANILA_UTC_OFFSET_HOURS * HOUR_MS);
  const manilaMidnightUtc =
    Date.UTC(manilaNow.getUTCFullYear(), manilaNow.getUTCMonth(), manilaNow.getUTCDate()) -
    MANILA_UTC_OFFSET_HOURS * HOUR_MS;
  return new Date(manilaMidnightUtc - daysAgo * 24 * HOUR_MS + hour * HOUR_MS);
}

/** One of our banners (apps/server/media/banners): its art carries words, so there is a file per language. */
function banner(name: string): LocalisedText {
  return { TY: `/media/banners/ty/${name}.webp`, EN: `/media/banners/en/${name}.webp` };
}

/** The demo merchant's announcements, written in Tagalog and English. */
export const DEMO_ANNOUNCEMENTS: readonly SeedAnnouncement[] = [
  {
    key: 'banner-welcome-bonus',
    type: 'B',
    platform: 'M',
    sortOrder: 1,
    publishedAt: { daysAgo: 11, hour: 8 },
    title: { TY: '100% Pambungad na Bonus sa unang deposito', EN: '100% Welcome Bonus on your first deposit' },
    content: { TY: 'Doblehin ang unang deposito hanggang ₱5,000.', EN: 'Double your first deposit up to ₱5,000.' },
    imageUrl: banner('welcome-bonus'),
    link: '/m/activity',
  },
  {
    key: 'banner-daily-lotto',
    type: 'B',
    platform: 'M',
    sortOrder: 2,
    publishedAt: { daysAgo: 11, hour: 8 },
    title: { TY: 'Araw-araw na Bola ng Lotto', EN: 'Daily Lotto Draws' },
    content: { TY: 'May bola tuwing 2PM, 5PM at 9PM.', EN: 'Draws at 2PM, 5PM and 9PM every day.' },
    imageUrl: banner('daily-lotto'),
    link: '/m/lottery',
  },
  {
    key: 'banner-sabong-live',
    type: 'B',
    platform: 'M',
    sortOrder: 3,
    publishedAt: { daysAgo: 10, hour: 8 },
    title: { TY: 'Sabong Live — panoorin at tumaya', EN: 'Sabong Live — watch and bet' },
    content: { TY: 'Live na laban mula sa mga kilalang sabungan.', EN: 'Live fights from top cockpits.' },
    imageUrl: banner('sabong-live'),
    link: '/m/gameLobby?gameType=COCKFIGHT',
  },
  {
    key: 'banner-refer-earn',
    type: 'B',
    platform: 'M',
    sortOrder: 4,
    publishedAt: { daysAgo: 9, hour: 8 },
    title: { TY: 'Mag-imbita at Kumita', EN: 'Refer & Earn' },
    content: {
      TY: 'Kumita ng ₱100 sa bawat kaibigang magde-deposito.',
      EN: 'Earn ₱100 for every friend who deposits.',
    },
    imageUrl: banner('refer-earn'),
    link: '/m/inviteFriends',
  },
  {
    // Spec §7: the registration screen asks for banners of group m_reg.
    key: 'banner-register-welcome',
    type: 'B',
    platform: 'M',
    groupName: 'm_reg',
    sortOrder: 1,
    publishedAt: { daysAgo: 11, hour: 8 },
    title: { TY: 'Magparehistro at kunin ang 100% Pambungad na Bonus', EN: 'Sign up and claim the 100% Welcome Bonus' },
    content: { TY: 'Doblehin ang unang deposito hanggang ₱5,000.', EN: 'Double your first deposit up to ₱5,000.' },
    imageUrl: banner('welcome-bonus'),
    link: null,
  },
  {
    key: 'notice-gcash-maintenance',
    type: 'PL',
    platform: 'M',
    sortOrder: 0,
    publishedAt: { daysAgo: 2, hour: 9 },
    title: { TY: 'Maintenance ng GCash deposit', EN: 'GCash deposit maintenance' },
    content: {
      TY: 'Tuwing Martes, 1:00–3:00 AM, pansamantalang hindi available ang GCash deposit dahil sa maintenance ng GCash. Gamitin muna ang Maya o bank transfer.',
      EN: 'Every Tuesday, 1:00–3:00 AM, GCash deposits are unavailable during GCash maintenance. Please use Maya or bank transfer meanwhile.',
    },
    imageUrl: null,
    link: '/m/voucherCenter',
  },
  {
    key: 'notice-responsible-gaming',
    type: 'PL',
    platform: 'M',
    sortOrder: 0,
    publishedAt: { daysAgo: 4, hour: 9 },
    title: { TY: 'Responsableng paglalaro', EN: 'Play responsibly' },
    content: {
      TY: 'Para lamang sa edad 21 pataas. Magtakda ng limitasyon at maglaro nang may disiplina.',
      EN: 'For players aged 21 and above only. Set your limits and play with discipline.',
    },
    imageUrl: null,
    link: null,
  },
  {
    key: 'notice-new-lotto-games',
    type: 'PL',
    platform: 'M',
    sortOrder: 0,
    publishedAt: { daysAgo: 6, hour: 9 },
    title: { TY: 'Bagong laro: Swertres at EZ2', EN: 'New games: Swertres and EZ2' },
    content: {
      TY: 'Subukan ang bagong Swertres at EZ2 na may tatlong draw kada araw.',
      EN: 'Try the new Swertres and EZ2 with three draws every day.',
    },
    imageUrl: null,
    link: '/m/moreLottery',
  },
  {
    key: 'notice-account-security',
    type: 'PL',
    platform: 'M',
    sortOrder: 0,
    publishedAt: { daysAgo: 8, hour: 9 },
    title: { TY: 'Ingatan ang iyong account', EN: 'Keep your account safe' },
    content: {
      TY: 'Hindi kailanman hihingin ng Palaro ang iyong password o OTP. Huwag itong ibahagi kaninuman.',
      EN: 'Palaro will never ask for your password or OTP. Never share them with anyone.',
    },
    imageUrl: null,
    link: '/m/securityCenter',
  },
  {
    key: 'notice-withdrawal-hours',
    type: 'PL',
    platform: 'M',
    sortOrder: 0,
    publishedAt: { daysAgo: 10, hour: 9 },
    title: { TY: 'Mas mabilis na withdrawal', EN: 'Faster withdrawals' },
    content: {
      TY: 'Ang mga withdrawal ay pinoproseso na 24/7, kadalasan sa loob ng 15 minuto.',
      EN: 'Withdrawals are now processed 24/7, usually within 15 minutes.',
    },
    imageUrl: null,
    link: '/m/withdraw',
  },
  {
    key: 'popup-welcome',
    type: 'PU',
    platform: 'M',
    sortOrder: 1,
    publishedAt: { daysAgo: 11, hour: 8 },
    title: { TY: 'Maligayang pagdating sa Palaro!', EN: 'Welcome to Palaro!' },
    content: {
      TY: 'Magrehistro ngayon at kunin ang 100% Pambungad na Bonus hanggang ₱5,000.',
      EN: 'Register now and claim the 100% Welcome Bonus up to ₱5,000.',
    },
    imageUrl: banner('welcome-bonus'),
    link: '/m/register',
  },
  {
    key: 'popup-payday-boost',
    type: 'PU',
    platform: 'M',
    sortOrder: 2,
    publishedAt: { daysAgo: 1, hour: 8 },
    title: { TY: 'Payday Boost tuwing kinsenas', EN: 'Payday Boost every payday' },
    content: {
      TY: 'Tuwing ika-15 at ika-30 ng buwan, may 12% dagdag sa bawat deposito na ₱500 pataas.',
      EN: 'On the 15th and 30th of every month, get 12% extra on every deposit of ₱500 or more.',
    },
    imageUrl: null,
    link: '/m/activity',
  },
  {
    key: 'hot-pba-finals',
    type: 'H',
    platform: 'M',
    sortOrder: 1,
    publishedAt: { daysAgo: 3, hour: 12 },
    title: { TY: 'PBA Finals Game 7', EN: 'PBA Finals Game 7' },
    content: { TY: 'Tumaya na sa huling laban ng serye!', EN: 'Place your bets on the series decider!' },
    imageUrl: null,
    link: '/m/gameCenter?gameType=SPORTS',
  },
  {
    key: 'hot-mega-jackpot',
    type: 'H',
    platform: 'M',
    sortOrder: 2,
    publishedAt: { daysAgo: 3, hour: 12 },
    title: { TY: 'Mega Jackpot: ₱25.8 milyon', EN: 'Mega Jackpot: ₱25.8 million' },
    content: {
      TY: 'Lumalaki pa ang jackpot — subukan ang swerte mo.',
      EN: 'The jackpot keeps growing — try your luck.',
    },
    imageUrl: null,
    link: '/m/slotsCenter',
  },
  {
    key: 'hot-derby-weekend',
    type: 'H',
    platform: 'M',
    sortOrder: 3,
    publishedAt: { daysAgo: 3, hour: 12 },
    title: { TY: 'Derby Weekend sa Sabong Live', EN: 'Derby Weekend on Sabong Live' },
    content: { TY: 'Higit 100 laban ngayong Sabado at Linggo.', EN: 'Over 100 fights this Saturday and Sunday.' },
    imageUrl: null,
    link: '/m/gameLobby?gameType=COCKFIGHT',
  },
  {
    key: 'agent-commission-schedule',
    type: 'A',
    platform: 'M',
    groupName: 'm_home',
    sortOrder: 1,
    publishedAt: { daysAgo: 7, hour: 10 },
    title: { TY: 'Iskedyul ng komisyon', EN: 'Commission schedule' },
    content: {
      TY: 'Ang lingguhang komisyon ay ibinibigay tuwing Lunes bago mag-12 NN.',
      EN: 'Weekly commissions are paid every Monday before 12 noon.',
    },
    imageUrl: null,
    link: null,
  },
  {
    key: 'agent-new-dividend-tiers',
    type: 'A',
    platform: 'M',
    groupName: 'm_home',
    sortOrder: 2,
    publishedAt: { daysAgo: 5, hour: 10 },
    title: { TY: 'Bagong antas ng dibidendo', EN: 'New dividend tiers' },
    content: {
      TY: 'Mas mataas na dibidendo para sa mga team na may 20+ aktibong manlalaro.',
      EN: 'Higher dividends for teams with 20+ active players.',
    },
    imageUrl: null,
    link: '/m/member/agent/agentDivident',
  },
];

/** Writes the demo announcements that are missing; ones already there (edited or not) stay as they are. */
export async function seedDemoAnnouncements(q: Queryable, merchantId: number, now = new Date()): Promise<void> {
  await store.insertSeedAnnouncements(
    q,
    DEMO_ANNOUNCEMENTS.map(({ key, publishedAt, ...announcement }) => ({
      ...announcement,
      merchantId,
      seedKey: key,
      publishedAt: seedPublicationTime(now, publishedAt),
    })),
  );
}
