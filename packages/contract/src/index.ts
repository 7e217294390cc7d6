export * from './constants';
export * from './flags';
export * from './routes';
export * from './errors';
export * from './customer-service-link';
export type {
  TSiteSettings, TStartup, TStartupResponse, TFieldRule, TBanner, TAnnouncementItem,
  TAnnouncements, TAnnouncementQuery, TNoticeQuery, TNoticePage, TFailure, TSuccess, TEnvelope, TOperatorMerchantState,
} from './schemas/index';
