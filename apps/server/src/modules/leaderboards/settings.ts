import { defineSettingsArea } from '../../platform/settings-area';

/** Every number of the leaderboards, the merchant's (docs/REWARDS.md). */
export const leaderboardSettings = defineSettingsArea({
  name: 'leaderboards',
  defaults: {
    /** Seconds between two computations of a live period's ranking. */
    refreshSeconds: 30,
    /** Ranks kept and shown (the member's own place is shown beyond them as "not ranked yet"). */
    shownRanks: 50,
    /** Minutes after a period's end before its prizes are paid, so bets still open at the end can settle. */
    settleGraceMinutes: 15,
    /** Turnover a prize requires before withdrawal, in percent of it (100 = bet it once). */
    prizeTurnoverPercent: 100,
    maxPrizeRanks: 100,
    maxPeriodDays: 93,
    /** Ended periods still listed to members, in days after their end. */
    endedShownDays: 7,
  },
});
