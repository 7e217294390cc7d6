import { API_PATHS, formatMoney, type TOperatorChannel } from '@palaro/contract';
import {
  UsageError,
  amountOf,
  orderQueueCommands,
  parseSwitch,
  requireAssignments,
  splitList,
  wholeNumberOf,
  type OperatorCommand,
} from '../../admin/command';

const CHANNEL_AMOUNTS: readonly string[] = ['minAmount', 'maxAmount', 'feeFixed'];
const CHANNEL_COUNTS: readonly string[] = ['feeBasisPoints', 'displayOrder', 'minVipLevel'];

/** NAME=VALUE pairs of a channel: amounts in pesos, enabled on|off, presets as a comma list of pesos. */
function channelBody(assignments: string[]): Record<string, unknown> {
  requireAssignments(assignments);
  const body: Record<string, unknown> = {};
  for (const assignment of assignments) {
    const [name = '', value = ''] = assignment.split('=', 2);
    if (CHANNEL_AMOUNTS.includes(name)) body[name] = amountOf(name, value);
    else if (CHANNEL_COUNTS.includes(name)) body[name] = wholeNumberOf(name, value);
    else if (name === 'enabled') body.enabled = parseSwitch(assignment)[1];
    else if (name === 'presetAmounts')
      body.presetAmounts = splitList(value, 'preset amounts').map((preset) => amountOf(name, preset));
    else if (name === 'name') body.name = value;
    else
      throw new UsageError(
        `Unknown channel setting "${name}". Known: name, enabled, presetAmounts, ${[...CHANNEL_AMOUNTS, ...CHANNEL_COUNTS].join(', ')}`,
      );
  }
  return body;
}

function describeChannel(channel: TOperatorChannel): string {
  const fee =
    channel.feeBasisPoints === 0 && channel.feeFixed === 0
      ? 'no fee'
      : `fee ${channel.feeBasisPoints / 100}% + ${formatMoney(channel.feeFixed)}`;
  return `${String(channel.id).padStart(3)}  ${channel.enabled ? 'on ' : 'off'}  ${channel.name.padEnd(16)} ${channel.method.padEnd(14)} ${formatMoney(channel.minAmount)} – ${formatMoney(channel.maxAmount)}  ${fee}  VIP ${channel.minVipLevel}+  order ${channel.displayOrder}${channel.gateway ? `  via ${channel.gateway}` : ''}`;
}

/** The fields of a deposit the command line prints (operator answers carry more). */
interface DepositLine {
  orderNo: string;
  username?: string;
  amount: number;
  status: string;
  createdAt: string;
  channelName?: string;
  senderName?: string | null;
  senderReference?: string | null;
  note?: string | null;
}

function describeDeposit(order: DepositLine): string {
  const sender = order.senderName
    ? `  from ${order.senderName}${order.senderReference ? ` ref ${order.senderReference}` : ''}`
    : '';
  return `${order.orderNo}  ${order.status.padEnd(8)}  ${formatMoney(order.amount).padStart(12)}  ${order.username ?? ''}  ${order.channelName ?? ''}${sender}  ${order.createdAt}${order.note ? `  note: ${order.note}` : ''}`;
}

export const depositCommands: readonly OperatorCommand[] = [
  {
    name: 'channels',
    help: ['channels                               Payment channels, enabled or not'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(API_PATHS.operatorChannels),
      render: (value) => (value as { list: TOperatorChannel[] }).list.map(describeChannel).join('\n'),
    }),
  },
  {
    name: 'channels set',
    help: [
      'channels set ID NAME=VALUE …           Change one, e.g. enabled=off minAmount=200 feeBasisPoints=150',
      '                                       presetAmounts=200,500,1000 (amounts in pesos)',
    ],
    request: ({ args, merchantPath }) => {
      const [id, ...assignments] = args;
      if (!id || !/^\d{1,9}$/.test(id))
        throw new UsageError('Give the channel id (see `channels`), e.g. channels set 3 enabled=off');
      return {
        method: 'PATCH',
        path: merchantPath(API_PATHS.operatorChannel).replace(':id', id),
        body: channelBody(assignments),
        render: (value) => describeChannel(value as TOperatorChannel),
      };
    },
  },
  ...orderQueueCommands({
    name: 'deposits',
    help: {
      list: 'deposits [--status S] [--page N]       Deposit orders: pending first (the queue), then the latest',
      approve: 'deposits approve ORDER [--note "…"]    Approve a pending bank transfer: credits the member',
      reject: 'deposits reject ORDER [--note "…"]     Reject a pending bank transfer: nothing is credited',
    },
    paths: {
      list: API_PATHS.operatorDeposits,
      approve: API_PATHS.operatorDepositApprove,
      reject: API_PATHS.operatorDepositReject,
    },
    line: describeDeposit,
  }),
];
