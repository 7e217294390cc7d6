/** Palaro's in-house games: zod-free pure modules shared by the game server and the web app. */
export * from './fairness';
export * from './slot';
export * from './mines';
export * from './verify';
export * from './errors';
export * from './paths';
