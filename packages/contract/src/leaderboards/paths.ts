/** Leaderboards (MISSION): the member's view of the periods and the operator's management of them. */
export const LEADERBOARD_API_PATHS = {
  /** The live and upcoming periods and the latest ended ones, each with its ranking and the member's place. */
  leaderboard: '/wps/leaderboard',
  operatorLeaderboards: '/ops/merchants/:merchantCode/leaderboards',
  operatorLeaderboard: '/ops/merchants/:merchantCode/leaderboards/:id',
  operatorLeaderboardCancel: '/ops/merchants/:merchantCode/leaderboards/:id/cancel',
} as const;
