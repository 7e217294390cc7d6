import { API_PATHS, formatMoney, parseMoney, type TOperatorTurnover } from '@palaro/contract';
import {
  UsageError,
  type CommandInput,
  type CommandOptions,
  type OperatorCommand,
  type OperatorRequest,
} from '../../admin/command';

/** The member reads the reason of a waiver or an adjustment, so the command asks for it. */
function reasonOf(options: CommandOptions): string {
  if (options.reason === undefined) throw new UsageError('Give the reason with --reason "…" (the member reads it)');
  return options.reason;
}

function requirementIdOf(id: string | undefined): number {
  if (!id || !/^\d{1,15}$/.test(id))
    throw new UsageError('Give the requirement id (see `turnover show USERNAME`), e.g. 12');
  return Number(id);
}

function memberPath({ args, merchantPath }: CommandInput, template: string): string {
  const username = args[0];
  if (!username) throw new UsageError("Give the member's username, e.g. turnover show juan2026");
  return merchantPath(template).replace(':username', encodeURIComponent(username));
}

function describeTurnover(turnover: TOperatorTurnover): string {
  const standing = turnover.canWithdraw ? 'no turnover left' : `${formatMoney(turnover.left)} of turnover left`;
  const header = `${turnover.username} (member ${turnover.memberId}): ${standing}`;
  if (turnover.items.length === 0) return `${header}\nNo turnover requirements.`;
  return [
    header,
    ...turnover.items.map((item) => {
      const state = item.change?.kind === 'waived' ? 'waived' : item.completedAt ? 'complete' : 'open';
      const wasRequired = item.required === item.originalRequired ? '' : ` (was ${formatMoney(item.originalRequired)})`;
      const change = item.change
        ? `  ${item.change.kind} ${item.change.at} by ${item.change.by}: ${item.change.reason}`
        : '';
      return `${item.id.padStart(6)}  ${state.padEnd(8)}  ${item.source.padEnd(10)} ${item.reference.padEnd(16)} required ${formatMoney(item.required)}${wasRequired}  done ${formatMoney(item.done)}  left ${formatMoney(item.left)}${change}`;
    }),
  ].join('\n');
}

/** Every turnover command answers the member's whole turnover. */
const showingTurnover = (request: Omit<OperatorRequest, 'render'>): OperatorRequest => ({
  ...request,
  render: (value) => describeTurnover(value as TOperatorTurnover),
});

export const turnoverCommands: readonly OperatorCommand[] = [
  {
    name: 'turnover show',
    help: [
      "turnover show USERNAME                 A member's turnover requirements, outstanding first, with every change",
    ],
    request: (input) => showingTurnover({ method: 'GET', path: memberPath(input, API_PATHS.operatorMemberTurnover) }),
  },
  {
    name: 'turnover waive',
    help: [
      'turnover waive USERNAME [ID] --reason "…"',
      '                                       Waive what is left of all outstanding requirements, or of one',
    ],
    request: (input) => {
      const id = input.args[1];
      return showingTurnover({
        method: 'POST',
        path: memberPath(input, API_PATHS.operatorTurnoverWaive),
        body: { reason: reasonOf(input.options), ...(id !== undefined && { requirementId: requirementIdOf(id) }) },
      });
    },
  },
  {
    name: 'turnover adjust',
    help: [
      'turnover adjust USERNAME ID AMOUNT --reason "…"',
      "                                       Set one requirement's required amount in pesos (not below what is done)",
      '                                       The member is notified and reads the reason.',
    ],
    request: (input) => {
      const [, id, amount = ''] = input.args;
      const requirementPath = memberPath(input, API_PATHS.operatorTurnoverRequirement).replace(
        ':id',
        String(requirementIdOf(id)),
      );
      const required = parseMoney(amount);
      if (required === null)
        throw new UsageError(`Give the new required amount in pesos, like 250 or 250.50, got "${amount}"`);
      return showingTurnover({
        method: 'PATCH',
        path: requirementPath,
        body: { required, reason: reasonOf(input.options) },
      });
    },
  },
];
