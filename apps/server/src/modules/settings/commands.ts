import { API_PATHS, formatMoney, type TWalletSettings } from '@palaro/contract';
import { UsageError, amountOf, requireAssignments, wholeNumberOf, type OperatorCommand } from '../../admin/command';

const WALLET_AMOUNTS: readonly string[] = [
  'trialBalance',
  'withdrawMin',
  'withdrawMax',
  'withdrawDailyAmount',
  'transferMin',
  'transferMax',
];
const WALLET_COUNTS: readonly string[] = [
  'withdrawDailyCount',
  'maxPayoutAccounts',
  'depositTurnoverPercent',
  'depositExpiryMinutes',
];

/** NAME=VALUE pairs: amounts in pesos (100 or 100.50), counts and percentages as whole numbers. */
function walletSettingsBody(assignments: string[]): Record<string, number> {
  requireAssignments(assignments);
  const body: Record<string, number> = {};
  for (const assignment of assignments) {
    const [name = '', value = ''] = assignment.split('=', 2);
    if (WALLET_AMOUNTS.includes(name)) body[name] = amountOf(name, value);
    else if (WALLET_COUNTS.includes(name)) body[name] = wholeNumberOf(name, value);
    else
      throw new UsageError(`Unknown wallet rule "${name}". Known: ${[...WALLET_AMOUNTS, ...WALLET_COUNTS].join(', ')}`);
  }
  return body;
}

function describeWalletSettings(value: unknown): string {
  return Object.entries(value as TWalletSettings)
    .map(
      ([name, setting]) =>
        `  ${name.padEnd(24)}${WALLET_AMOUNTS.includes(name) ? formatMoney(setting) : String(setting)}`,
    )
    .join('\n');
}

export const walletSettingsCommands: readonly OperatorCommand[] = [
  {
    name: 'wallet',
    help: ["wallet                                 Show the merchant's wallet rules"],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(API_PATHS.operatorWalletSettings),
      render: describeWalletSettings,
    }),
  },
  {
    name: 'wallet set',
    help: ['wallet set NAME=VALUE …                Change them, e.g. depositTurnoverPercent=0 withdrawMin=100.00'],
    request: ({ args, merchantPath }) => ({
      method: 'PATCH',
      path: merchantPath(API_PATHS.operatorWalletSettings),
      body: walletSettingsBody(args),
      render: describeWalletSettings,
    }),
  },
];
