import {
  GAME_WALLET_API_PATHS,
  formatMoney,
  type TOperatorProvider,
  type TOperatorProviders,
  type TOperatorProviderSecret,
  type TOperatorRound,
} from '@palaro/contract';
import { UsageError, parseSwitch, type OperatorCommand } from '../../admin/command';

function describeProvider(provider: TOperatorProvider): string {
  return (
    `${provider.vendorCode.padEnd(14)} ${provider.enabled ? 'on ' : 'off'}  ${provider.name.padEnd(20)} launch ${provider.launchUrlTemplate}` +
    `  secret since ${provider.secretRotatedAt}  last call ${provider.lastCallAt ?? 'never'}`
  );
}

function describeProviders(value: TOperatorProviders): string {
  const providers =
    value.list.length === 0 ? 'No game providers are connected.' : value.list.map(describeProvider).join('\n');
  if (value.vendors.length === 0) return providers;
  const vendors = value.vendors.map(
    (vendor) =>
      `  ${vendor.vendorCode.padEnd(14)} ${vendor.vendorName.padEnd(22)} ${vendor.connected ? 'connected' : 'NOT CONNECTED: its games open the "not connected" page'}`,
  );
  return `${providers}\n\nThe merchant's vendors:\n${vendors.join('\n')}`;
}

function describeRound(round: TOperatorRound): string {
  const head = [
    `Round ${round.roundId} of ${round.vendorCode} — ${round.status}`,
    `  ${round.merchantCode} member ${round.memberId}${round.username ? ` (${round.username})` : ''}, ${round.gameName} (${round.gameId}, ${round.gameType})`,
    `  stake ${formatMoney(round.stake)}  refunded ${formatMoney(round.refunded)}  win ${formatMoney(round.win)}  started ${round.startedAt}${round.settledAt ? `  closed ${round.settledAt}` : ''}`,
  ];
  const lines = round.transactions.map(
    (transaction) =>
      `  ${transaction.processedAt}  ${transaction.type.padEnd(8)} ${transaction.transactionId.padEnd(28)} ${formatMoney(transaction.amount).padStart(12)}` +
      `${transaction.referenceTransactionId ? `  for ${transaction.referenceTransactionId}` : ''}${transaction.rolledBack ? '  ROLLED BACK' : ''}  ${transaction.walletReference ?? '(no movement)'}`,
  );
  return [...head, ...lines].join('\n');
}

const vendorPath = (template: string, code: string | undefined, usage: string) => {
  if (!code) throw new UsageError(usage);
  return template.replace(':vendorCode', encodeURIComponent(code.toUpperCase()));
};

export const gameWalletCommands: readonly OperatorCommand[] = [
  {
    name: 'providers',
    help: [
      "providers                              Game providers connected here, and which of the merchant's vendors can launch",
    ],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: `${GAME_WALLET_API_PATHS.operatorProviders}?merchantCode=${merchantPath(':merchantCode')}`,
      render: (value) => describeProviders(value as TOperatorProviders),
    }),
  },
  {
    name: 'providers set',
    help: [
      'providers set CODE enabled=on|off      Switch a provider off (no launches or new bets; played rounds still settle) or on',
    ],
    request: ({ args }) => {
      const [code, assignment] = args;
      const path = vendorPath(
        GAME_WALLET_API_PATHS.operatorProvider,
        code,
        'Give the provider code, e.g. providers set PLR enabled=off',
      );
      const [name, enabled] = parseSwitch(assignment ?? '');
      if (name !== 'enabled') throw new UsageError('Only enabled=on|off can be set');
      return {
        method: 'PATCH',
        path,
        body: { enabled },
        render: (value) => describeProvider(value as TOperatorProvider),
      };
    },
  },
  {
    name: 'providers rotate-secret',
    help: [
      'providers rotate-secret CODE           A new signing secret, shown once: hand it to the provider (the old one stops',
      '                                       working at once; our in-house games read theirs and need nothing)',
    ],
    request: ({ args }) => ({
      method: 'POST',
      path: vendorPath(
        GAME_WALLET_API_PATHS.operatorProviderSecret,
        args[0],
        'Give the provider code, e.g. providers rotate-secret PLR',
      ),
      render: (value) => {
        const secret = value as TOperatorProviderSecret;
        return `New secret of ${secret.vendorCode} (from ${secret.secretRotatedAt}), shown this once:\n${secret.secret}`;
      },
    }),
  },
  {
    name: 'providers round',
    help: [
      "providers round CODE ROUND-ID          A provider's round: player, game, stake, win, status and every transaction",
    ],
    request: ({ args }) => {
      const path = vendorPath(
        GAME_WALLET_API_PATHS.operatorRound,
        args[0],
        'Give the provider code and the round id, e.g. providers round PLR R123',
      );
      if (!args[1]) throw new UsageError('Give the round id, e.g. providers round PLR R123');
      return {
        method: 'GET',
        path: path.replace(':roundId', encodeURIComponent(args[1])),
        render: (value) => describeRound(value as TOperatorRound),
      };
    },
  },
  {
    name: 'providers transaction',
    help: [
      "providers transaction CODE TX-ID       The round holding a provider's transaction, with all of its transactions",
    ],
    request: ({ args }) => {
      const path = vendorPath(
        GAME_WALLET_API_PATHS.operatorTransaction,
        args[0],
        'Give the provider code and the transaction id, e.g. providers transaction PLR T123',
      );
      if (!args[1]) throw new UsageError('Give the transaction id, e.g. providers transaction PLR T123');
      return {
        method: 'GET',
        path: path.replace(':transactionId', encodeURIComponent(args[1])),
        render: (value) => describeRound(value as TOperatorRound),
      };
    },
  },
];
