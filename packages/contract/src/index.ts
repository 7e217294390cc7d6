export * from './constants';
export * from './flags';
export * from './routes';
export * from './api-paths/index';
export * from './errors';
export * from './customer-service-link';
export * from './money';
export * from './money-rules';
export type {
  TSiteSettings, TStartup, TStartupResponse, TFieldRule, TBanner, TAnnouncementItem,
  TAnnouncements, TAnnouncementQuery, TNoticeQuery, TNoticePage, TFailure, TSuccess, TEnvelope, TOperatorMerchantState, TOperatorCredential, TOperatorCredentialCreated, TOperatorCredentials,
  TCaptcha, TEncryptionKey, TLoginRequest, TLoginFailureValue, TSessionInfo, TMemberInfo, TLoginResult, TRegisterRequest,
  TSendCodeResult, TSignInRecord, TOutboxMessage,
  TWalletBalance, TBalanceEvent, TAccountRecord, TAccountRecords, TProfitAndLoss, TTurnover, TTurnoverItem, TTurnoverChange, TOperatorTurnover, TDepositChannel,
  TDepositRequest, TDepositOrder, TDepositRecords, TGatewayCallback, TGatewayAnswer, TOperatorDeposit, TOperatorDeposits, TPayoutAccount, TWithdrawInfo, TWithdrawal, TWithdrawReport,
  TWalletSettings, TOperatorChannel, TOperatorJob, TOperatorJobs,
} from './schemas/index';
export * from './wallet';
export * from './members';
export * from './web-boot';
export * from './games';
export type {
  TGameListQuery, TGameTile, TGameListPage, THotGamesQuery, THotGames, TVendorEntry, TVendorInfo, TGameTypes, THotMatch, THotMatches,
  TFavouriteRequest, TFavouriteIds, TFavouritesQuery, TFavouritesPage, TRecentsQuery, TRecentsPage, TVendorUpdate, TGameUpdate, TOperatorVendor, TOperatorGame,
  TOperatorGames, TGameSettings, THotMatchCreate, THotMatchUpdate, TOperatorHotMatch, TOperatorHotMatches,
} from './schemas/games';
export {
  REGISTER_METHODS, LOGIN_TYPES, VERIFICATION_PURPOSES, CODE_CHANNELS, SIGN_IN_WAYS_IN,
} from './schemas/accounts';
export { ENCRYPTION_HEADER, ENCRYPTION_IV_BYTES, encryptForServer } from './hybrid-encryption';
export type { EncryptionPublicKey, EncryptedRequest } from './hybrid-encryption';
export * from './game-wallet';
export * from './game-wallet-errors';
export type {
  TLaunchGameQuery, TLaunchGame, TGameRecordsQuery, TGameRecord, TGameRecords, TProviderAuthenticateRequest, TProviderSession,
  TProviderBalanceRequest, TProviderBalance, TProviderDebitRequest, TProviderCreditRequest, TProviderRollbackRequest,
  TProviderBetAndSettleRequest, TProviderTransactionResult, TProviderBetAndSettleResult, TProviderTransactionsRequest,
  TProviderTransaction, TProviderTransactions, TOperatorProvider, TOperatorProviders, TOperatorProviderUpdate, TOperatorProviderSecret,
  TOperatorRound,
} from './schemas/game-wallet';
export * from './inhouse/index';
export type {
  TInhouseOpenSession, TFairnessState, TInhouseGameKind, TSlotRules, TMinesRules, TSlotOutcome, TRoundSeeds, TSlotRoundView, TMinesStatus,
  TMinesRoundView, TInhouseSession, TSlotSpinRequest, TSlotSpinResult, TMinesStartRequest, TMinesRevealRequest, TMinesResult, TMinesCurrent,
  TClientSeedRequest, TRotateRequest, TSeedRotation, TInhouseRoundsQuery, TInhouseRoundSummary, TInhouseRoundPage, TInhouseRoundDetail,
} from './schemas/inhouse-games';
export * from './lottery/index';
export type {
  TLotteryGame, TLotteryMenu, TLotteryList, TLotteryDraw, TBetTypeView, TLotteryGameDetail, TLotteryResults, TPlaceBetsRequest, TLotteryBet,
  TPlaceBetsResult, TMyLotteryBets, TWinnerBoard, TDrawVerification, TLotteryLaunchQuery, TLotteryLaunch, TLotteryDrawEvent,
  TCancelBetsRequest, TCancelBetsResult, TChaseRequest, TChaseDraw, TChase, TChaseResult, TMyChases,
} from './schemas/lottery';
export type {
  TOfficialDrawVerification, TLotteryVerification, TResultEntry, TVoidDraw, TOperatorDraw, TLotteryMonitor, TOperatorDraws,
  TResultSourceChange, TOperatorGameSource, TOperatorGameSettings, TGameSettingsChange,
} from './schemas/lottery';
