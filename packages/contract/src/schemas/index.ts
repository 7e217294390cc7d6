export * from './envelope';
export * from './site';
export * from './announcements';
export * from './operator';
export * from './health';
export * from './accounts';
export * from './wallet';
export * from './withdrawals';
