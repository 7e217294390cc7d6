import {
  LOTTERY_API_PATHS, RESULT_GRACE_MINUTES_MAX, feedUrlProblem, formatLocalTime, formatMoney, lotteryGamePath,
  type TLotteryMonitor, type TOperatorDraw, type TOperatorDraws, type TOperatorGameSource, type TResultSourceChange,
} from '@palaro/contract';
import { UsageError, queryString, wholeNumberOf, type CommandInput, type OperatorCommand, type OperatorRequest } from '../../admin/command';

/** One draw as a line: game, numero, state, draw time, result or why not, tickets and stakes. */
function describeDraw(draw: TOperatorDraw): string {
  const notes = [
    draw.winningNumber ? `result ${draw.winningNumber} (${draw.resultSource}${draw.confirmedBy ? `, entered by ${draw.enteredBy}, confirmed by ${draw.confirmedBy}` : ''})` : '',
    draw.abnormal ? `ABNORMAL: ${draw.abnormal.reason} since ${formatLocalTime(draw.timeZone, draw.abnormal.since)}` : '',
    draw.late ? 'LATE' : '',
    draw.pendingEntry ? `first entry ${draw.pendingEntry.winningNumber} by ${draw.pendingEntry.enteredBy}, awaiting another operator's confirmation` : '',
    draw.cancelReason ? `cancelled: ${draw.cancelReason}` : '',
  ].filter(Boolean);
  return `${draw.gameCode.padEnd(10)} ${draw.numero}  ${draw.state.padEnd(9)} draws ${formatLocalTime(draw.timeZone, draw.drawsAt)}  `
    + `${draw.tickets} tickets ${formatMoney(draw.stake)} (pending ${draw.pendingTickets}, ${formatMoney(draw.pendingStake)})${notes.length > 0 ? `\n           ${notes.join('; ')}` : ''}`;
}

const renderDraw = (value: unknown) => describeDraw(value as TOperatorDraw);

/** A traditional game's result source as a line: operators, or the feed (its secrets shown as ***), and the grace period. */
function describeSource(source: TOperatorGameSource): string {
  const from = source.resultSource === 'feed' ? `feed ${source.feedUrl}` : 'operators (entered by one, confirmed by another)';
  return `${source.gameCode.padEnd(10)} results from ${from}; late ${source.resultGraceSeconds / 60} min after the draw time without one`;
}

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
    help: [
      'lottery monitor [GAME]                 Draws past their time without a result, abnormal, or drawn and not yet paid, with',
      '                                       tickets and stakes; then each traditional game\'s result source',
    ],
    request: ({ args, merchantPath }) => {
      const query = new URLSearchParams();
      if (args[0]) query.set('gameCode', args[0].toUpperCase());
      return {
        method: 'GET', path: `${merchantPath(LOTTERY_API_PATHS.operatorMonitor)}${queryString(query)}`,
        render: (value) => {
          const monitor = value as TLotteryMonitor;
          return [monitor.draws.map(describeDraw).join('\n') || 'Every draw is on time.', '', 'Result sources:', ...monitor.sources.map(describeSource)].join('\n');
        },
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
  {
    name: 'lottery source',
    help: [
      'lottery source GAME operator|feed [FEED_URL] [--grace-minutes N]',
      '                                       Where a traditional game\'s results come from: two operators, or the feed at',
      '                                       FEED_URL (http or https); N minutes after a draw without its result it is late',
    ],
    request: ({ args, options, merchantPath }) => {
      const [gameCode, source, feedUrl, ...rest] = args;
      const usage = 'e.g. lottery source PCSO_642 feed https://results.example.com/pcso or lottery source PCSO_642 operator';
      if (!gameCode || (source !== 'operator' && source !== 'feed') || rest.length > 0) throw new UsageError(`Give the game code and operator or feed, ${usage}`);
      if (source === 'operator' && feedUrl) throw new UsageError('An operator-entered game has no feed address: leave it out');
      if (source === 'feed') {
        // --url is the server's address: a feed's goes after the word feed.
        if (!feedUrl) throw new UsageError(`Give the feed's address after feed (--url is this server's address), ${usage}`);
        const problem = feedUrlProblem(feedUrl);
        if (problem) throw new UsageError(`Not a feed address: ${problem}`);
      }
      const body: TResultSourceChange = { source, ...(feedUrl && { feedUrl }) };
      if (options['grace-minutes'] !== undefined) {
        const minutes = wholeNumberOf('--grace-minutes', options['grace-minutes']);
        if (minutes < 1 || minutes > RESULT_GRACE_MINUTES_MAX) throw new UsageError(`--grace-minutes is 1 to ${RESULT_GRACE_MINUTES_MAX} (a day)`);
        body.graceMinutes = minutes;
      }
      return {
        method: 'POST', path: lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorSource), gameCode.toUpperCase()), body,
        render: (value) => describeSource(value as TOperatorGameSource),
      };
    },
  },
];
