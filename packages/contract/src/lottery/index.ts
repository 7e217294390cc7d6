/** The lottery engine's shared rules: zod-free pure modules for the lottery server and the web app. */
export * from './families';
export * from './bet-types';
export * from './draw';
export * from './schedule';
export * from './streaks';
export * from './timing';
export * from './paths';
export * from './errors';
export * from './chase';
export * from './traditional';
export * from './jackpot';
