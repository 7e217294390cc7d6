import type { ComponentType } from 'react';

/**
 * The module of every screen but home's, by the name the route table (routes.tsx) gives it: one
 * chunk that only a page showing one of these screens loads, so home's start-up code carries
 * their names, not their imports. The build reads this file to preload a page's screen
 * (vite/route-preloads.ts).
 */
export const screenModules = {
  notice: () => import('../features/notice/NoticeScreen'),
  maintenance: () => import('../features/system/MaintenanceRoute'),
  region: () => import('../features/system/RegionRoute'),
  notFound: () => import('../features/system/NotFoundScreen'),
  unavailable: () => import('../features/unavailable/UnavailableScreen'),
  login: () => import('../features/accounts/LoginScreen'),
  register: () => import('../features/accounts/RegisterScreen'),
  forget: () => import('../features/accounts/ForgetScreen'),
  changePassword: () => import('../features/accounts/ChangePasswordScreen'),
  settings: () => import('../features/accounts/SettingsScreen'),
  mine: () => import('../features/accounts/MineScreen'),
  securityCenter: () => import('./screens/SecurityCenter'),
  trial: () => import('../features/accounts/TrialScreen'),
  inviteFriends: () => import('../features/referrals/InviteFriendsScreen'),
  deposit: () => import('../features/deposit/DepositScreen'),
  withdraw: () => import('../features/withdraw/WithdrawScreen'),
  uplineTransfer: () => import('../features/withdraw/UplineTransferScreen'),
  depositRecords: () => import('../features/reports/DepositRecordsScreen'),
  withdrawReport: () => import('../features/reports/WithdrawReportScreen'),
  accountRecords: () => import('../features/reports/AccountRecordsScreen'),
  profitAndLoss: () => import('../features/reports/ProfitLossScreen'),
  gameList: () => import('../features/games/GameListScreen'),
  gameLobby: () => import('../features/games/GameLobbyScreen'),
  slotsCenter: () => import('../features/games/SlotsCenterScreen'),
  launchGame: () => import('../features/games/LaunchGameScreen'),
  gameRecords: () => import('../features/reports/GameRecordsScreen'),
  inhouseGame: () => import('../features/inhouse-games/InhouseGameScreen'),
  lotteryMenu: () => import('./screens/LotteryMenu'),
  startLottery: () => import('./screens/StartLottery'),
  help: () => import('../features/help/HelpScreen'),
  helpDetail: () => import('../features/help/HelpDetailScreen'),
  service: () => import('../features/service/ServiceScreen'),
  userAgreement: () => import('../features/agreement/AgreementScreen'),
  inbox: () => import('../features/inbox/InboxScreen'),
  feedback: () => import('../features/feedback/FeedbackScreen'),
  rebates: () => import('./screens/Rewards'),
  leaderboard: () => import('../features/leaderboards/LeaderboardScreen'),
  redRain: () => import('../features/red-rain/RedRainScreen'),
  promotions: () => import('../features/promotions/PromotionScreens'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type LaterScreenName = keyof typeof screenModules;
