/** The VIP club's rules shared by the server (which decides) and the web app (which shows progress). */

export interface VipRequirement {
  depositRequired: number;
  turnoverRequired: number;
}

export interface VipFigures {
  deposits: number;
  turnover: number;
}

/**
 * Whether figures meet a level's requirements: with `needsBoth` every requirement above zero must
 * be met (a level asking for nothing is met by everyone); otherwise any one of them (and a level
 * asking for nothing, again, by everyone).
 */
export function meetsRequirement(figures: VipFigures, level: VipRequirement, needsBoth: boolean): boolean {
  const asked = [
    [level.depositRequired, figures.deposits],
    [level.turnoverRequired, figures.turnover],
  ].filter(([required]) => required! > 0);
  if (asked.length === 0) return true;
  const met = asked.map(([required, done]) => done! >= required!);
  return needsBoth ? met.every(Boolean) : met.some(Boolean);
}

/** The highest level whose requirements the figures meet (levels in any order; 0 when none). */
export function levelFor<L extends VipRequirement & { level: number }>(
  figures: VipFigures,
  levels: readonly L[],
  needsBoth: boolean,
): number {
  let best = 0;
  for (const level of levels) if (level.level > best && meetsRequirement(figures, level, needsBoth)) best = level.level;
  return best;
}

/**
 * Progress toward a level as a whole percent 0–100: each requirement's share done (capped at 100),
 * the smallest when both are needed, the largest when either does.
 */
export function progressPercent(figures: VipFigures, next: VipRequirement, needsBoth: boolean): number {
  const shares = [
    [next.depositRequired, figures.deposits],
    [next.turnoverRequired, figures.turnover],
  ]
    .filter(([required]) => required! > 0)
    .map(([required, done]) => Math.min(100, Math.floor((Math.max(0, done!) * 100) / required!)));
  if (shares.length === 0) return 100;
  return needsBoth ? Math.min(...shares) : Math.max(...shares);
}

/**
 * After a keep period: the level kept when the period's figures meet the level's keep amounts,
 * otherwise `dropBy` levels lower (never below 0).
 */
export function levelAfterKeepPeriod(
  level: number,
  period: VipFigures,
  keep: { keepDeposit: number; keepTurnover: number },
  needsBoth: boolean,
  dropBy: number,
): number {
  if (level <= 0) return 0;
  const kept = meetsRequirement(
    period,
    { depositRequired: keep.keepDeposit, turnoverRequired: keep.keepTurnover },
    needsBoth,
  );
  return kept ? level : Math.max(0, level - Math.max(0, dropBy));
}
