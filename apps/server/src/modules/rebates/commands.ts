import {
  formatMoney,
  formatRate,
  GAME_CATEGORIES,
  REBATE_API_PATHS,
  REBATE_MAX_RATE_BP,
  type TRebateRateList,
  type TRebateSettings,
} from '@palaro/contract';
import {
  amountOf,
  assignmentsOf,
  requireAssignments,
  UsageError,
  wholeNumberOf,
  type OperatorCommand,
} from '../../admin/command';

const AMOUNTS = ['dailyCap', 'minPayout'] as const;
const COUNTS = ['autoPay', 'manualClaim', 'turnoverPercent', 'claimDays'] as const;

function describeSettings(value: unknown): string {
  const settings = value as TRebateSettings;
  return Object.entries(settings)
    .map(
      ([name, setting]) =>
        `  ${name.padEnd(18)}${(AMOUNTS as readonly string[]).includes(name) ? formatMoney(setting) : setting}`,
    )
    .join('\n');
}

function describeRates(value: unknown): string {
  const { list } = value as TRebateRateList;
  if (list.length === 0) return 'No rebate rates: nothing is paid.';
  return list
    .map((rate) => `  VIP${String(rate.vipLevel).padEnd(3)} ${rate.category.padEnd(9)} ${formatRate(rate.rateBp)}`)
    .join('\n');
}

/** "0.80" or "0.8%" → 80 basis points. */
export function basisPointsOf(value: string): number {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?%?$/.exec(value);
  if (!match) throw new UsageError(`A rate is a percent with at most two decimals, e.g. 0.80, got "${value}"`);
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > REBATE_MAX_RATE_BP) throw new UsageError(`A rate is at most ${formatRate(REBATE_MAX_RATE_BP)}`);
  return bp;
}

export const rebateCommands: readonly OperatorCommand[] = [
  {
    name: 'rebates',
    help: ['rebates                                Show the rebate rules (amounts in pesos)'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(REBATE_API_PATHS.operatorRebateSettings),
      render: describeSettings,
    }),
  },
  {
    name: 'rebates set',
    help: ['rebates set NAME=VALUE …               Change them, e.g. autoPay=0 dailyCap=5000 minPayout=1 claimDays=7'],
    request: ({ args, merchantPath }) => {
      requireAssignments(args);
      const fields = assignmentsOf(args, [...AMOUNTS, ...COUNTS]);
      const body = Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [
          name,
          (AMOUNTS as readonly string[]).includes(name) ? amountOf(name, value) : wholeNumberOf(name, value),
        ]),
      );
      return {
        method: 'PATCH',
        path: merchantPath(REBATE_API_PATHS.operatorRebateSettings),
        body,
        render: describeSettings,
      };
    },
  },
  {
    name: 'rebates rates',
    help: ['rebates rates                          The rates per VIP level and game category'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(REBATE_API_PATHS.operatorRebateRates),
      render: describeRates,
    }),
  },
  {
    name: 'rebates rate',
    help: ['rebates rate LEVEL CATEGORY PERCENT    Set one rate, e.g. rebates rate 2 RNG 0.80'],
    request: ({ args, merchantPath }) => {
      const [level, category, percent] = args;
      if (!level || !category || !percent)
        throw new UsageError('Give the VIP level, the category and the percent, e.g. 2 RNG 0.80');
      const upper = category.toUpperCase();
      if (!(GAME_CATEGORIES as readonly string[]).includes(upper))
        throw new UsageError(`Unknown category "${category}". Known: ${GAME_CATEGORIES.join(', ')}`);
      return {
        method: 'PUT',
        path: merchantPath(REBATE_API_PATHS.operatorRebateRates),
        body: { vipLevel: wholeNumberOf('LEVEL', level), category: upper, rateBp: basisPointsOf(percent) },
        render: describeRates,
      };
    },
  },
];
