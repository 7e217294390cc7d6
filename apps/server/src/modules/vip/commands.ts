import { formatMoney, VIP_API_PATHS, type TVipLevelList, type TVipSettings } from '@palaro/contract';
import {
  amountOf,
  assignmentsOf,
  requireAssignments,
  UsageError,
  wholeNumberOf,
  type OperatorCommand,
} from '../../admin/command';

const LEVEL_AMOUNTS = [
  'deposit',
  'turnover',
  'keepDeposit',
  'keepTurnover',
  'upgradeBonus',
  'birthdayBonus',
  'monthlyBonus',
  'withdrawDaily',
] as const;
const FIELD_OF: Record<(typeof LEVEL_AMOUNTS)[number], string> = {
  deposit: 'depositRequired',
  turnover: 'turnoverRequired',
  keepDeposit: 'keepDeposit',
  keepTurnover: 'keepTurnover',
  upgradeBonus: 'upgradeBonus',
  birthdayBonus: 'birthdayBonus',
  monthlyBonus: 'monthlyBonus',
  withdrawDaily: 'withdrawDailyAmount',
};
const SETTINGS = [
  'needsBoth',
  'sinceLastChange',
  'keepPeriodDays',
  'relegateBy',
  'bonusTurnoverPercent',
  'monthlyBonusDay',
];

function describeLevels(value: unknown): string {
  const { list } = value as TVipLevelList;
  if (list.length === 0) return 'No VIP levels.';
  const peso = (amount: number) => formatMoney(amount).padStart(14);
  return [
    '  level name        deposit       turnover   keep deposit  keep turnover  upgrade bonus  monthly bonus  daily withdraw',
    ...list.map(
      (level) =>
        `  ${String(level.level).padEnd(5)} ${level.name.padEnd(10)}${peso(level.depositRequired)}${peso(level.turnoverRequired)}${peso(level.keepDeposit)}${peso(level.keepTurnover)}${peso(level.upgradeBonus)}${peso(level.monthlyBonus)}${level.withdrawDailyAmount ? peso(level.withdrawDailyAmount) : '     (merchant)'}`,
    ),
  ].join('\n');
}

const describeSettings = (value: unknown) =>
  Object.entries(value as TVipSettings)
    .map(([name, setting]) => `  ${name.padEnd(22)}${setting}`)
    .join('\n');

export const vipCommands: readonly OperatorCommand[] = [
  {
    name: 'vip',
    help: ['vip                                    The VIP levels: requirements, keep amounts, benefits (pesos)'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(VIP_API_PATHS.operatorVipLevels),
      render: describeLevels,
    }),
  },
  {
    name: 'vip level',
    help: [
      'vip level N [name=…] NAME=PESOS …      Make or replace level N; names: deposit turnover keepDeposit keepTurnover',
      '                                       upgradeBonus birthdayBonus monthlyBonus withdrawDaily, withdrawCount=N',
    ],
    request: ({ args, merchantPath }) => {
      const [levelArg, ...assignments] = args;
      if (!levelArg) throw new UsageError('Give the level number, e.g. vip level 1 turnover=1700 deposit=1700');
      const level = wholeNumberOf('N', levelArg);
      const fields = assignmentsOf(assignments, ['name', 'withdrawCount', ...LEVEL_AMOUNTS]);
      const body: Record<string, unknown> = {
        level,
        name: fields.name ?? `VIP${level}`,
        withdrawDailyCount: fields.withdrawCount ? wholeNumberOf('withdrawCount', fields.withdrawCount) : 0,
      };
      for (const name of LEVEL_AMOUNTS) body[FIELD_OF[name]] = fields[name] ? amountOf(name, fields[name]) : 0;
      return { method: 'PUT', path: merchantPath(VIP_API_PATHS.operatorVipLevels), body, render: describeLevels };
    },
  },
  {
    name: 'vip remove',
    help: ['vip remove N                           Remove level N (not 0)'],
    request: ({ args, merchantPath }) => {
      if (!args[0]) throw new UsageError('Give the level number');
      return {
        method: 'DELETE',
        path: merchantPath(VIP_API_PATHS.operatorVipLevel).replace(':level', String(wholeNumberOf('N', args[0]))),
        render: describeLevels,
      };
    },
  },
  {
    name: 'vip settings',
    help: ['vip settings [NAME=VALUE …]            Show or change the rules, e.g. needsBoth=0 keepPeriodDays=30'],
    request: ({ args, merchantPath }) => {
      const path = merchantPath(VIP_API_PATHS.operatorVipSettings);
      if (args.length === 0) return { method: 'GET', path, render: describeSettings };
      requireAssignments(args);
      const fields = assignmentsOf(args, SETTINGS);
      const body = Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [name, wholeNumberOf(name, value)]),
      );
      return { method: 'PATCH', path, body, render: describeSettings };
    },
  },
];
