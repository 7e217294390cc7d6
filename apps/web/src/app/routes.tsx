import { WEB_ROUTES as R, HOME_ALIASES, REGISTER_ALIASES, MEMBER_CENTRE_ALIASES } from '@palaro/contract';
import type { TextKey } from '../shared/i18n';
import type { TextPart } from '../shared/i18n/parts';
import { lazyScreen, type RetryableScreen } from './lazyScreen';
import type { LaterScreenName } from './screenModules';

/** Every screen but home's, loaded through screenModules.ts when it is first shown. */
function laterScreens(
  textParts: Readonly<Record<LaterScreenName, readonly TextPart[]>>,
): Record<LaterScreenName, RetryableScreen> {
  const later = {} as Record<LaterScreenName, RetryableScreen>;
  for (const name of Object.keys(textParts) as LaterScreenName[]) {
    later[name] = lazyScreen(
      () => import('./screenModules').then((modules) => modules.screenModules[name]()),
      textParts[name],
    );
  }
  return later;
}

/*
 * One lazy module per screen, with the text parts it shows beyond the core; the layout draws the
 * route's title once they are loaded, so each route's title is in one of its screen's parts
 * (shared/i18n/screenKeys.ts; the pages part holds the titles no area's part does). Home's module
 * is imported here; every other screen's through screenModules.ts, a chunk a page loads only for
 * such a screen: the start-up code names a screen without carrying its import (its file's hashed
 * name and style sheets), so a new screen costs home's JavaScript next to nothing.
 */
export const screens = {
  home: lazyScreen(() => import('./screens/Home')),
  ...laterScreens({
    notice: ['pages'],
    maintenance: ['pages'],
    region: ['pages'],
    notFound: ['pages'],
    unavailable: ['pages'],
    login: ['accounts'],
    register: ['accounts'],
    forget: ['accounts'],
    changePassword: ['accounts'],
    settings: ['accounts'],
    mine: ['accounts', 'pages'],
    securityCenter: ['accounts', 'money'],
    trial: ['accounts'],
    inviteFriends: ['accounts', 'pages'],
    deposit: ['money'],
    withdraw: ['money'],
    uplineTransfer: ['money', 'pages'],
    depositRecords: ['money', 'pages'],
    withdrawReport: ['money', 'pages'],
    accountRecords: ['money', 'pages'],
    profitAndLoss: ['money', 'pages'],
    gameList: ['games'],
    gameLobby: ['games'],
    slotsCenter: ['games'],
    launchGame: ['games'],
    gameRecords: ['money', 'pages'],
    inhouseGame: ['inhouse'],
    lotteryMenu: ['lottery'],
    startLottery: ['lottery', 'inhouse'],
    help: ['pages'],
    helpDetail: ['pages'],
    service: ['pages'],
    userAgreement: ['pages'],
    inbox: ['pages'],
    feedback: ['accounts', 'pages'],
    rebates: ['money', 'pages'],
    leaderboard: ['accounts', 'pages'],
    redRain: ['accounts', 'pages'],
    promotions: ['money', 'accounts', 'pages'],
  }),
};
export type ScreenName = keyof typeof screens;

export interface RouteDef {
  /** Every path of the screen, aliases included (spec §2 route table). */
  paths: readonly string[];
  titleKey: TextKey;
  screen: ScreenName;
  /**
   * Members-only screens: where a guest goes instead. The layout sends them before it draws the
   * frame, so a guest never sees this page's header and menu move away (a layout shift).
   */
  guestsTo?: string;
}

/** The full route table of spec §2. Screens that later work builds show the unavailable state. */
export const ROUTE_TABLE: readonly RouteDef[] = [
  { paths: HOME_ALIASES, titleKey: 'title_home', screen: 'home' },
  { paths: [R.login], titleKey: 'title_login', screen: 'login' },
  { paths: REGISTER_ALIASES, titleKey: 'title_register', screen: 'register' },
  { paths: [R.forget], titleKey: 'title_forget_password', screen: 'forget' },
  { paths: [R.changePassword], titleKey: 'title_first_password', screen: 'changePassword', guestsTo: R.home },
  { paths: [R.notice], titleKey: 'title_announcement', screen: 'notice' },
  { paths: [R.memberNotice], titleKey: 'title_agent_announcement', screen: 'unavailable' },
  { paths: [R.activity], titleKey: 'title_activity_centre', screen: 'promotions' },
  { paths: [R.activityInfo], titleKey: 'title_activity_info', screen: 'promotions' },
  { paths: [R.agent], titleKey: 'title_agent', screen: 'unavailable' },
  { paths: MEMBER_CENTRE_ALIASES, titleKey: 'title_member_centre', screen: 'mine' },
  { paths: [R.settings], titleKey: 'title_personal_settings', screen: 'settings', guestsTo: R.home },
  { paths: [R.help], titleKey: 'title_help_centre', screen: 'help' },
  { paths: [R.helpDetail], titleKey: 'title_help_detail', screen: 'helpDetail' },
  { paths: [R.moreLottery], titleKey: 'title_more_lottery', screen: 'lotteryMenu' },
  { paths: [R.startLottery], titleKey: 'title_start_lottery', screen: 'startLottery' },
  { paths: [R.lottery], titleKey: 'title_lottery', screen: 'lotteryMenu' },
  { paths: [R.gameLobby], titleKey: 'title_game_lobby', screen: 'gameLobby' },
  { paths: [R.gameCenter], titleKey: 'title_game_centre', screen: 'gameLobby' },
  { paths: [R.slotsCenter], titleKey: 'title_rng', screen: 'slotsCenter' },
  { paths: [R.gameList], titleKey: 'title_game_list', screen: 'gameList' },
  { paths: [R.launchGame], titleKey: 'title_launch_game', screen: 'launchGame', guestsTo: R.login },
  { paths: [R.service], titleKey: 'title_service', screen: 'service' },
  { paths: [R.userAgreement], titleKey: 'title_user_agreement', screen: 'userAgreement' },
  { paths: [R.maintenance], titleKey: 'title_maintenance', screen: 'maintenance' },
  { paths: [R.trial], titleKey: 'title_free_trial', screen: 'trial' },
  { paths: [R.voucherCenter], titleKey: 'title_voucher_centre', screen: 'deposit', guestsTo: R.login },
  { paths: [R.withdraw], titleKey: 'title_withdraw', screen: 'withdraw', guestsTo: R.login },
  { paths: [R.webEmail, R.message], titleKey: 'title_messages', screen: 'inbox', guestsTo: R.login },
  { paths: [R.inviteFriends], titleKey: 'title_invite_friends', screen: 'inviteFriends', guestsTo: R.login },
  { paths: [R.securityCenter], titleKey: 'title_security_centre', screen: 'securityCenter', guestsTo: R.login },
  { paths: [R.benefits], titleKey: 'title_vip_benefits', screen: 'rebates' },
  { paths: [R.depositRecords], titleKey: 'title_deposit_records', screen: 'depositRecords', guestsTo: R.login },
  { paths: [R.withdrawReport], titleKey: 'title_withdraw_report', screen: 'withdrawReport', guestsTo: R.login },
  { paths: [R.transactionRecord], titleKey: 'title_transaction_record', screen: 'accountRecords', guestsTo: R.login },
  { paths: [R.gameRecord], titleKey: 'title_game_record', screen: 'gameRecords', guestsTo: R.login },
  { paths: [R.profitAndLoss], titleKey: 'title_profit_loss', screen: 'profitAndLoss', guestsTo: R.login },
  { paths: [R.upLineTransfer], titleKey: 'title_upline_transfer', screen: 'uplineTransfer', guestsTo: R.login },
  { paths: [R.rewardCenter], titleKey: 'title_reward_centre', screen: 'promotions' },
  { paths: [R.manualRebate], titleKey: 'title_manual_rebate', screen: 'rebates' },
  { paths: [R.leaderBoard], titleKey: 'title_leaderboard', screen: 'leaderboard', guestsTo: R.login },
  { paths: [R.rebateReport], titleKey: 'title_rebate_report', screen: 'rebates' },
  { paths: [R.feedback], titleKey: 'title_feedback', screen: 'feedback', guestsTo: R.login },
  { paths: [R.salaryContract], titleKey: 'title_salary_contract', screen: 'unavailable' },
  { paths: [R.dividendContract], titleKey: 'title_dividend_contract', screen: 'unavailable' },
  { paths: [R.hourContract], titleKey: 'title_hour_contract', screen: 'unavailable' },
  { paths: [R.teamOverview], titleKey: 'title_team_overview', screen: 'unavailable' },
  { paths: [R.teamPnl], titleKey: 'title_team_pnl', screen: 'unavailable' },
  { paths: [R.teamBetting], titleKey: 'title_team_betting', screen: 'unavailable' },
  { paths: [R.memberTeam], titleKey: 'title_member_team', screen: 'unavailable' },
  { paths: [R.redRain], titleKey: 'title_red_rain', screen: 'redRain', guestsTo: R.login },
  { paths: [R.agentRebate], titleKey: 'title_agent_rebate', screen: 'unavailable' },
  { paths: [R.teamRebate], titleKey: 'title_team_rebate', screen: 'unavailable' },
  { paths: [R.agentRegister], titleKey: 'title_agent_register', screen: 'unavailable' },
  { paths: [R.agentDividend], titleKey: 'title_agent_dividend', screen: 'unavailable' },
  { paths: [R.regionBlocked], titleKey: 'title_region_blocked', screen: 'region' },
  { paths: [R.playGame], titleKey: 'title_play_game', screen: 'inhouseGame' },
];

export const NOT_FOUND_TITLE: TextKey = 'title_not_found';
