/** Every table of the application, for drizzle-kit and for the typed query builder. */
export * from '../../modules/site/schema';
export * from '../../modules/content/schema';
export * from '../../modules/operator/schema';
export * from '../../modules/accounts/schema';
export * from '../../modules/wallet/schema';
export * from '../../modules/deposits/schema';
export * from '../../modules/withdrawals/schema';
export * from '../jobs/schema';
