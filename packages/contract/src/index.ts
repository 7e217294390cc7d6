export * from './constants';
export * from './flags';
export * from './routes';
export * from './errors';
export * from './customer-service-link';
export * from './money';
export type {
  TSiteSettings, TStartup, TStartupResponse, TFieldRule, TBanner, TAnnouncementItem,
  TAnnouncements, TAnnouncementQuery, TNoticeQuery, TNoticePage, TFailure, TSuccess, TEnvelope, TOperatorMerchantState,
  TCaptcha, TEncryptionKey, TLoginRequest, TSessionInfo, TMemberInfo, TLoginResult, TRegisterRequest,
  TSendCodeResult, TSignInRecord, TOutboxMessage,
  TWalletBalance, TBalanceEvent, TAccountRecord, TAccountRecords, TProfitAndLoss, TTurnover, TTurnoverItem, TDepositChannel,
  TDepositRequest, TDepositOrder, TDepositRecords, TGatewayCallback, TGatewayAnswer, TOperatorDeposit, TOperatorDeposits, TPayoutAccount, TWithdrawInfo, TWithdrawal, TWithdrawReport,
  TWalletSettings, RecordType, ChannelMethod, DepositStatus, PayoutKind, WithdrawStatus,
} from './schemas/index';
export {
  IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, WALLET_EVENT_NAME, RECORD_TYPES, ALL_RECORD_TYPES, TURNOVER_SOURCES, CHANNEL_METHODS,
  CHANNEL_KINDS, DEPOSIT_STATUSES, GATEWAY_HEADERS, GATEWAY_OUTCOMES, PAYOUT_KINDS, WITHDRAW_STATUSES, REPORT_MAX_DAYS,
} from './schemas/wallet';
export {
  MEMBER_TYPES, AGENT_ONLY_TYPES, TYPES_WITHOUT_AGENCY, TYPES_WITHOUT_CONTRACTS, REGISTER_METHODS, LOGIN_TYPES,
  VERIFICATION_PURPOSES, CODE_CHANNELS,
} from './schemas/accounts';
export { ENCRYPTION_HEADER, ENCRYPTION_IV_BYTES, encryptForServer } from './hybrid-encryption';
export type { EncryptionPublicKey, EncryptedRequest } from './hybrid-encryption';
