/** The journal reference of a VIP level's upgrade bonus: once per member and level, ever (a level regained after relegation pays nothing again). */
export const upgradeBonusReference = (memberId: number, level: number) => `VU${memberId}-L${level}`;

/** The journal reference of a month's VIP bonus: once per member and month. */
export const monthlyBonusReference = (memberId: number, day: string) =>
  `VM${memberId}-${day.slice(0, 7).replace('-', '')}`;

/** The levels a raise from `from` to `to` passes (each pays its upgrade bonus): from+1 … to. */
export function levelsPassed(from: number, to: number): number[] {
  const levels: number[] = [];
  for (let level = from + 1; level <= to; level += 1) levels.push(level);
  return levels;
}

/** Whether the day closed is the month's bonus day. */
export const isMonthlyBonusDay = (day: string, monthlyBonusDay: number) => Number(day.slice(8, 10)) === monthlyBonusDay;
