import { LOTTERY_API_PATHS, formatMoney, lotteryGamePath, type TLotteryMonitor, type TOperatorDraw, type TOperatorDraws } from '@palaro/contract';
import { UsageError, queryString, wholeNumberOf, type CommandInput, type OperatorCommand, type OperatorRequest } from '../../admin/command';

/** One draw as a line: game, numero, state, draw time, result or why not, tickets and stakes. */
function describeDraw(draw: TOperatorDraw): string {
  const notes = [
    draw.winningNumber ? `result ${draw.winningNumber} (${draw.resultSource}${draw.confirmedBy ? `, entered by ${draw.enteredBy}, confirmed by ${draw.confirmedBy}` : ''})` : '',
    draw.abnormal ? `ABNORMAL: ${draw.abnormal.reason} since ${new Date(draw.abnormal.since).toISOString()}` : '',
    draw.late ? 'LATE' : '',
    draw.pendingEntry ? `first entry ${draw.pendingEntry.winningNumber} by ${draw.pendingEntry.enteredBy}, awaiting another operator's confirmation` : '',
    draw.cancelReason ? `cancelled: ${draw.cancelReason}` : '',
  ].filter(Boolean);
  return `${draw.gameCode.padEnd(10)} ${draw.numero}  ${draw.state.padEnd(9)} draws ${new Date(draw.drawsAt).toISOString()}  `
    + `${draw.tickets} tickets ${formatMoney(draw.stake)} (pending ${draw.pendingTickets}, ${formatMoney(draw.pendingStake)})${notes.length > 0 ? `\n           ${notes.join('; ')}` : ''}`;
}

const renderDraw = (value: unknown) => describeDraw(value as TOperatorDraw);

function drawTarget(args: string[], usage: string): [gameCode: string, numero: string] {
  const [gameCode, numero] = args;
  if (!gameCode || !numero || !/^\d{8}-\d{4}$/.test(numero)) throw new UsageError(`Give the game code and the draw's numero, e.g. ${usage}`);
  return [gameCode.toUpperCase(), numero];
}

/** enter and confirm: the result as the game writes it (VN tiers split by ~, numbers by commas; quote it). */
const resultCall = (template: string, usage: string) => ({ args, merchantPath }: CommandInput): OperatorRequest => {
  const [gameCode, numero] = drawTarget(args, usage);
  const result = args.slice(2).join(' ');
  if (!result) throw new UsageError(`Give the official result, e.g. ${usage}`);
  return { method: 'POST', path: lotteryGamePath(merchantPath(template), gameCode, numero), body: { result }, render: renderDraw };
};

export const lotteryCommands: readonly OperatorCommand[] = [
  {
    name: 'lottery monitor',
    help: ['lottery monitor [GAME]                 Draws not settled, abnormal or late, per game, with tickets and stakes'],
    request: ({ args, merchantPath }) => {
      const query = new URLSearchParams();
      if (args[0]) query.set('gameCode', args[0].toUpperCase());
      return {
        method: 'GET', path: `${merchantPath(LOTTERY_API_PATHS.operatorMonitor)}${queryString(query)}`,
        render: (value) => (value as TLotteryMonitor).draws.map(describeDraw).join('\n') || 'Every draw is on time.',
      };
    },
  },
  {
    name: 'lottery draws',
    help: ['lottery draws GAME [--limit N]         A game\'s recent draws, newest first (20; at most 200)'],
    request: ({ args, options, merchantPath }) => {
      if (!args[0]) throw new UsageError('Give the game code, e.g. lottery draws PCSO_3D');
      const query = new URLSearchParams();
      if (options.limit) query.set('limit', String(wholeNumberOf('--limit', options.limit)));
      return {
        method: 'GET', path: `${lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorDraws), args[0].toUpperCase())}${queryString(query)}`,
        render: (value) => (value as TOperatorDraws).draws.map(describeDraw).join('\n') || 'No draws yet.',
      };
    },
  },
  {
    name: 'lottery enter',
    help: [
      'lottery enter GAME NUMERO RESULT       First entry of a traditional draw\'s official result (settles nothing yet):',
      '                                       VN tiers split by ~ and numbers by commas, Swertres 407, 6/42 4,12,19,27,33,41',
    ],
    request: resultCall(LOTTERY_API_PATHS.operatorEnterResult, 'lottery enter PCSO_3D 20261126-0002 407'),
  },
  {
    name: 'lottery confirm',
    help: ['lottery confirm GAME NUMERO RESULT     Another operator types it again: equal → drawn and paid, different → disputed'],
    request: resultCall(LOTTERY_API_PATHS.operatorConfirmResult, 'lottery confirm PCSO_3D 20261126-0002 407'),
  },
  {
    name: 'lottery void',
    help: ['lottery void GAME NUMERO --reason "…"  Void a draw not yet drawn, or abnormal: every stake is refunded'],
    request: ({ args, options, merchantPath }) => {
      const [gameCode, numero] = drawTarget(args, 'lottery void VN_NORTH 20261126-0001 --reason "no official result"');
      if (!options.reason) throw new UsageError('Give the reason with --reason "…" (the audit log and the players\' history keep it)');
      return { method: 'POST', path: lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorVoid), gameCode, numero), body: { reason: options.reason }, render: renderDraw };
    },
  },
];
