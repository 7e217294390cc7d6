/** Paths of the mobile site (spec §2 route table); the API's are in ./api-paths, by area. */

export const HOME_ALIASES = ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'] as const;
export const REGISTER_ALIASES = ['/m/register', '/register.html', '/m/register.html'] as const;
export const MEMBER_CENTRE_ALIASES = ['/m/member/home', '/m/mine'] as const;

export const WEB_ROUTES = {
  home: '/m/home',
  login: '/m/login',
  register: '/m/register',
  forget: '/m/forget',
  changePassword: '/m/changePsw',
  notice: '/m/notice',
  memberNotice: '/m/member/notice',
  activity: '/m/activity',
  activityInfo: '/m/activityInfo',
  agent: '/m/agent',
  mine: '/m/mine',
  memberHome: '/m/member/home',
  settings: '/m/set',
  help: '/m/help',
  helpDetail: '/m/helpDetail',
  moreLottery: '/m/moreLottery',
  startLottery: '/m/startLottery',
  lottery: '/m/lottery',
  gameLobby: '/m/gameLobby',
  gameCenter: '/m/gameCenter',
  slotsCenter: '/m/slotsCenter',
  gameList: '/m/gameList',
  launchGame: '/m/launchGame',
  service: '/m/service',
  userAgreement: '/m/useragreement',
  maintenance: '/m/maintenance',
  regionBlocked: '/m/restricted',
  trial: '/m/trail',
  voucherCenter: '/m/voucherCenter',
  withdraw: '/m/withdraw',
  webEmail: '/m/webEmail',
  message: '/m/message',
  inviteFriends: '/m/inviteFriends',
  securityCenter: '/m/securityCenter',
  benefits: '/m/member/benefits',
  depositRecords: '/m/vouReport',
  withdrawReport: '/m/withdrawReport',
  transactionRecord: '/m/transaction/record',
  gameRecord: '/m/gameRecord',
  profitAndLoss: '/m/profitandloss',
  upLineTransfer: '/m/upLine/transfer',
  rewardCenter: '/m/rewardCenter',
  manualRebate: '/m/member/manualRebate',
  leaderBoard: '/m/leaderBoard',
  rebateReport: '/m/member/rebateReport',
  feedback: '/m/feedback',
  salaryContract: '/m/member/agent/getSalaryContract',
  dividendContract: '/m/member/agent/getDevidendContract',
  hourContract: '/m/member/agent/getHourContract',
  teamOverview: '/m/agent/team/overview',
  teamPnl: '/m/agent/team/pnl',
  teamBetting: '/m/teamBetting',
  memberTeam: '/m/member/team',
  redRain: '/m/redRain',
  agentRebate: '/m/member/agent/agentRebeat',
  teamRebate: '/m/member/teamRebate',
  agentRegister: '/m/agentRegister',
  agentDividend: '/m/member/agent/agentDivident',
  /** Our in-house games, full screen: /m/play/<gameCode>?token=<launch token>&back=<pageBack>. */
  playGame: '/m/play/:gameCode',
} as const;
export type WebRouteName = keyof typeof WEB_ROUTES;

/** Routes whose page has no header (spec §2 "Layout and header"). */
export const ROUTES_WITHOUT_HEADER: readonly string[] = [
  WEB_ROUTES.login,
  ...REGISTER_ALIASES,
  WEB_ROUTES.mine,
  WEB_ROUTES.memberHome,
  WEB_ROUTES.agent,
  WEB_ROUTES.help,
];

/** Routes whose back arrow goes home instead of one step back. */
export const ROUTES_BACK_TO_HOME: readonly string[] = [
  WEB_ROUTES.login,
  ...REGISTER_ALIASES,
  WEB_ROUTES.trial,
  WEB_ROUTES.notice,
  WEB_ROUTES.forget,
];

/**
 * Routes on which the bottom menu is hidden (spec §2 "Bottom menu"); agent routes are matched by
 * prefix too. The lottery's game screen (startLottery) too, as lottery apps show it: its bet dock
 * and the header's back arrow take the menu's place.
 */
export const ROUTES_WITHOUT_BOTTOM_MENU: readonly string[] = [
  WEB_ROUTES.login,
  ...REGISTER_ALIASES,
  WEB_ROUTES.trial,
  WEB_ROUTES.launchGame,
  WEB_ROUTES.changePassword,
  WEB_ROUTES.notice,
  WEB_ROUTES.memberNotice,
  WEB_ROUTES.activity,
  WEB_ROUTES.activityInfo,
  WEB_ROUTES.forget,
  WEB_ROUTES.service,
  WEB_ROUTES.moreLottery,
  WEB_ROUTES.startLottery,
  WEB_ROUTES.userAgreement,
  WEB_ROUTES.maintenance,
  WEB_ROUTES.regionBlocked,
  WEB_ROUTES.agent,
  WEB_ROUTES.teamOverview,
  WEB_ROUTES.teamPnl,
  WEB_ROUTES.teamBetting,
  WEB_ROUTES.memberTeam,
  WEB_ROUTES.redRain,
  WEB_ROUTES.agentRebate,
  WEB_ROUTES.teamRebate,
  WEB_ROUTES.agentRegister,
  WEB_ROUTES.agentDividend,
  WEB_ROUTES.salaryContract,
  WEB_ROUTES.dividendContract,
  WEB_ROUTES.hourContract,
];

/** Where an in-house game is played: no header, no bottom menu, the game's own exit button. */
const GAME_PLAY_PREFIX = '/m/play/';

/** The page of one in-house game (the launch adds ?token=…&back=…). */
export function playGamePath(gameCode: string): string {
  return `${GAME_PLAY_PREFIX}${encodeURIComponent(gameCode)}`;
}

export function isGamePlayPath(pathname: string): boolean {
  return normalisePath(pathname).startsWith(GAME_PLAY_PREFIX);
}

export function normalisePath(pathname: string): string {
  if ((HOME_ALIASES as readonly string[]).includes(pathname)) return WEB_ROUTES.home;
  if ((REGISTER_ALIASES as readonly string[]).includes(pathname)) return WEB_ROUTES.register;
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function hasHeader(pathname: string): boolean {
  return !ROUTES_WITHOUT_HEADER.includes(normalisePath(pathname)) && !isGamePlayPath(pathname);
}

export function hasBottomMenu(pathname: string): boolean {
  const path = normalisePath(pathname);
  return (
    !ROUTES_WITHOUT_BOTTOM_MENU.includes(path) && !path.startsWith(`${WEB_ROUTES.agent}/`) && !isGamePlayPath(path)
  );
}

export function backGoesHome(pathname: string): boolean {
  return ROUTES_BACK_TO_HOME.includes(normalisePath(pathname));
}

function allWebPaths(): string[] {
  return [
    ...HOME_ALIASES,
    ...REGISTER_ALIASES,
    ...Object.values(WEB_ROUTES).filter((p) => p !== WEB_ROUTES.register && p !== WEB_ROUTES.home),
  ];
}
/**
 * Every path of the route table that must answer with the app, aliases included. Marked pure, so
 * a bundle that does not use it (the web app's) leaves the computation out.
 */
export const ALL_WEB_PATHS: readonly string[] = /* @__PURE__ */ allWebPaths();
