/** What a period ranks by: valid turnover (settled stakes) or wins (amounts won), over the period. */
export const LEADERBOARD_METRICS = ['turnover', 'wins'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** upcoming → live → settling (ended, prizes not yet paid) → paid; or cancelled before it was paid. */
export const LEADERBOARD_STATUSES = ['upcoming', 'live', 'settling', 'paid', 'cancelled'] as const;
export type LeaderboardStatus = (typeof LEADERBOARD_STATUSES)[number];
