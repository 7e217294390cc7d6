export * from './shared/constants';
export * from './system/flags';
export * from './shared/web-routes';
export * from './api-paths';
export * from './errors';
export * from './system/customer-service-link';
export * from './money/format';
export * from './money/rules';
export * from './shared/clock';
export type {
  TSiteSettings,
  TStartup,
  TStartupResponse,
  TFieldRule,
  TBanner,
  TAnnouncementItem,
  TAnnouncements,
  TAnnouncementQuery,
  TNoticeQuery,
  TNoticePage,
  TFailure,
  TSuccess,
  TEnvelope,
  TOperatorMerchantState,
  TOperatorCredential,
  TOperatorCredentialCreated,
  TOperatorCredentials,
  TCaptcha,
  TEncryptionKey,
  TLoginRequest,
  TLoginFailureValue,
  TSessionInfo,
  TMemberInfo,
  TLoginResult,
  TRegisterRequest,
  TSendCodeResult,
  TSignInRecord,
  TOutboxMessage,
  TWalletBalance,
  TBalanceEvent,
  TAccountRecord,
  TAccountRecords,
  TProfitAndLoss,
  TTurnover,
  TTurnoverItem,
  TTurnoverChange,
  TOperatorTurnover,
  TDepositChannel,
  TDepositRequest,
  TDepositOrder,
  TDepositRecords,
  TGatewayCallback,
  TGatewayAnswer,
  TOperatorDeposit,
  TOperatorDeposits,
  TPayoutAccount,
  TWithdrawInfo,
  TWithdrawal,
  TWithdrawReport,
  TWalletSettings,
  TOperatorChannel,
  TOperatorJob,
  TOperatorJobs,
} from './schemas';
export * from './wallet/constants';
export * from './accounts/members';
export { REFERRAL_QUERY_PARAM, INVITEES_PAGE_SIZE } from './referrals/paths';
export type { TAffiliateInfo, TInvitee, TInviteePage, TInviteesQuery } from './referrals/schemas';
export * from './system/web-boot';
export * from './games/catalogue';
export * from './games/paths';
export type {
  TGameListQuery,
  TGameTile,
  TGameListPage,
  THotGamesQuery,
  THotGames,
  TVendorEntry,
  TVendorInfo,
  TGameTypes,
  THotMatch,
  THotMatches,
  TFavouriteRequest,
  TFavouriteIds,
  TFavouritesQuery,
  TFavouritesPage,
  TRecentsQuery,
  TRecentsPage,
  TVendorUpdate,
  TGameUpdate,
  TOperatorVendor,
  TOperatorGame,
  TOperatorGames,
  TGameSettings,
  THotMatchCreate,
  THotMatchUpdate,
  TOperatorHotMatch,
  TOperatorHotMatches,
} from './games/schemas';
export {
  REGISTER_METHODS,
  LOGIN_TYPES,
  VERIFICATION_PURPOSES,
  CODE_CHANNELS,
  SIGN_IN_WAYS_IN,
} from './accounts/schemas';
export { ENCRYPTION_HEADER, ENCRYPTION_IV_BYTES, encryptForServer } from './shared/hybrid-encryption';
export type { EncryptionPublicKey, EncryptedRequest } from './shared/hybrid-encryption';
export * from './game-wallet/provider';
export * from './game-wallet/paths';
export * from './game-wallet/errors';
export type {
  TLaunchGameQuery,
  TLaunchGame,
  TGameRecordsQuery,
  TGameRecord,
  TGameRecords,
  TProviderAuthenticateRequest,
  TProviderSession,
  TProviderBalanceRequest,
  TProviderBalance,
  TProviderDebitRequest,
  TProviderCreditRequest,
  TProviderRollbackRequest,
  TProviderBetAndSettleRequest,
  TProviderTransactionResult,
  TProviderBetAndSettleResult,
  TProviderTransactionsRequest,
  TProviderTransaction,
  TProviderTransactions,
  TOperatorProvider,
  TOperatorProviders,
  TOperatorProviderUpdate,
  TOperatorProviderSecret,
  TOperatorRound,
} from './game-wallet/schemas';
export * from './inhouse/index';
export type {
  TInhouseOpenSession,
  TFairnessState,
  TInhouseGameKind,
  TSlotRules,
  TMinesRules,
  TSlotOutcome,
  TRoundSeeds,
  TSlotRoundView,
  TMinesStatus,
  TMinesRoundView,
  TInhouseSession,
  TSlotSpinRequest,
  TSlotSpinResult,
  TMinesStartRequest,
  TMinesRevealRequest,
  TMinesResult,
  TMinesCurrent,
  TClientSeedRequest,
  TRotateRequest,
  TSeedRotation,
  TInhouseRoundsQuery,
  TInhouseRoundSummary,
  TInhouseRoundPage,
  TInhouseRoundDetail,
} from './inhouse/schemas';
export * from './lottery/index';
export type {
  TLotteryGame,
  TLotteryMenu,
  TLotteryList,
  TLotteryDraw,
  TBetTypeView,
  TLotteryGameDetail,
  TLotteryResults,
  TPlaceBetsRequest,
  TLotteryBet,
  TPlaceBetsResult,
  TMyLotteryBets,
  TWinnerBoard,
  TDrawVerification,
  TLotteryLaunchQuery,
  TLotteryLaunch,
  TLotteryDrawEvent,
  TCancelBetsRequest,
  TCancelBetsResult,
  TChaseRequest,
  TChaseDraw,
  TChase,
  TChaseResult,
  TMyChases,
} from './lottery/schemas';
export type {
  TOfficialDrawVerification,
  TLotteryVerification,
  TResultEntry,
  TVoidDraw,
  TOperatorDraw,
  TLotteryMonitor,
  TOperatorDraws,
  TResultSourceChange,
  TOperatorGameSource,
  TOperatorGameSettings,
  TGameSettingsChange,
} from './lottery/schemas';
// Content: help centre, user agreement, service version, the operator's announcements.
export * from './content/paths';
export * from './shared/rich-text';
export type {
  THelpQuery,
  THelpItem,
  THelpCategory,
  THelpCentre,
  TAgreementQuery,
  TUserAgreement,
  TServiceVersion,
  TOperatorAnnouncementCreate,
  TOperatorAnnouncementUpdate,
  TOperatorAnnouncement,
  TOperatorAnnouncements,
  TOperatorHelpArticleCreate,
  TOperatorHelpArticleUpdate,
  TOperatorHelpArticle,
  TOperatorHelpArticles,
  TOperatorAgreementCreate,
  TOperatorAgreement,
  TOperatorAgreements,
} from './content/schemas';
export { INBOX_API_PATHS } from './inbox/paths';
export type {
  TInboxPageQuery,
  TInboxSummary,
  TInboxPage,
  TInboxMessage,
  TInboxUnread,
  TInboxEvent,
  TInboxAudience,
  TOperatorInboxSend,
  TOperatorInboxSent,
} from './inbox/schemas';
export * from './uploads/rules';
export * from './feedback/rules';
export * from './feedback/paths';
export * from './leaderboards/paths';
export * from './red-rain/paths';
export * from './red-rain/rules';
export * from './leaderboards/rules';
export type {
  TBilingualTitle,
  TLeaderboardRow,
  TLeaderboardPeriod,
  TLeaderboardPage,
  TOperatorLeaderboardCreate,
  TOperatorLeaderboard,
  TOperatorLeaderboardList,
  TRedRainEvent,
  TRedRainHistoryItem,
  TRedRainPage,
  TRedRainGrab,
  TRedRainResult,
  TOperatorRedRainCreate,
  TOperatorRedRainEvent,
  TOperatorRedRainList,
} from './schemas';
export * from './profile/paths';
export type {
  TFeedbackUpload,
  TFeedbackRequest,
  TFeedbackItem,
  TFeedbackRules,
  TFeedbackPage,
  TOperatorFeedbackAnswer,
  TOperatorFeedbackItem,
  TOperatorFeedbackList,
  TFeedbackSettings,
} from './feedback/schemas';
export * from './rebates/paths';
export * from './rebates/rules';
export type {
  TRebateLine,
  TManualRebate,
  TRebateClaimResult,
  TRebateReport,
  TRebateRate,
  TRebateRateList,
  TRebateSettings,
} from './rebates/schemas';
export * from './vip/paths';
export * from './vip/rules';
export type { TVipLevel, TVipLevelList, TVipSettings, TVipClub } from './vip/schemas';
export * from './profile/avatars';
export type { THeadIcon } from './profile/schemas';
export * from './promotions/constants';
export * from './promotions/paths';
export type {
  TPromotionRule,
  TLocalText,
  TEligibility,
  TContributions,
  TPromotionInput,
  TPromotionUpdate,
  TPromotionSummary,
  TPromotionList,
  TPromotionDetail,
  TApplicationView,
  TClaimResult,
  TPromotionUpload,
  TApplicationRequest,
  TRewardItem,
  TRewardCentre,
  TOperatorPromotion,
  TOperatorPromotionList,
  TPromotionReport,
  TOperatorApplication,
  TOperatorApplicationList,
  TApplicationDecision,
} from './promotions/schemas';
