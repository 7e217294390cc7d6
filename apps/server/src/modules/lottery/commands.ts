import {
  LOTTERY_API_PATHS,
  RESULT_GRACE_MINUTES_MAX,
  feedUrlProblem,
  formatLocalTime,
  formatMoney,
  lotteryGamePath,
  type TGameSettingsChange,
  type TLotteryMonitor,
  type TOperatorDraw,
  type TOperatorDraws,
  type TOperatorGameSettings,
  type TOperatorGameSource,
  type TResultSourceChange,
} from '@palaro/contract';
import {
  UsageError,
  amountOf,
  assignmentsOf,
  queryString,
  wholeNumberOf,
  type CommandInput,
  type OperatorCommand,
  type OperatorRequest,
} from '../../admin/command';

/** One draw as a line: game, numero, state, draw time, result or why not, tickets and stakes. */
function describeDraw(draw: TOperatorDraw): string {
  const notes = [
    draw.winningNumber
      ? `result ${draw.winningNumber} (${draw.resultSource}${draw.confirmedBy ? `, entered by ${draw.enteredBy}, confirmed by ${draw.confirmedBy}` : ''})`
      : '',
    draw.abnormal
      ? `ABNORMAL: ${draw.abnormal.reason} since ${formatLocalTime(draw.timeZone, draw.abnormal.since)}`
      : '',
    draw.late ? 'LATE' : '',
    draw.pendingEntry
      ? `first entry ${draw.pendingEntry.winningNumber} by ${draw.pendingEntry.enteredBy}, awaiting another operator's confirmation`
      : '',
    draw.cancelReason ? `cancelled: ${draw.cancelReason}` : '',
  ].filter(Boolean);
  return (
    `${draw.gameCode.padEnd(10)} ${draw.numero}  ${draw.state.padEnd(9)} draws ${formatLocalTime(draw.timeZone, draw.drawsAt)}  ` +
    `${draw.tickets} tickets ${formatMoney(draw.stake)} (pending ${draw.pendingTickets}, ${formatMoney(draw.pendingStake)})${notes.length > 0 ? `\n           ${notes.join('; ')}` : ''}`
  );
}

const renderDraw = (value: unknown) => describeDraw(value as TOperatorDraw);

/** A traditional game's result source as a line: operators, or the feed (its secrets shown as ***), and the grace period. */
function describeSource(source: TOperatorGameSource): string {
  const from =
    source.resultSource === 'feed' ? `feed ${source.feedUrl}` : 'operators (entered by one, confirmed by another)';
  return `${source.gameCode.padEnd(10)} results from ${from}; late ${source.resultGraceSeconds / 60} min after the draw time without one`;
}

/** A game's sales settings as lines: switches, prize group, limits, and a jackpot game's pool. */
function describeSettings(settings: TOperatorGameSettings): string {
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  return [
    `${settings.gameCode} (${settings.family}, prize mode ${settings.prizeMode})`,
    `  cancel before lock ${onOff(settings.cancelAllowed)}; HOT ${onOff(settings.hot)}; prize group ${settings.prizeGroup} (${(settings.prizeGroup / 20).toFixed(2)} % return)`,
    `  unit stake from ${formatMoney(settings.minUnitStake)}; a bet up to ${formatMoney(settings.maxBetStake)}; a member's stakes per draw up to ${formatMoney(settings.maxDrawStakePerMember)}`,
    ...(settings.jackpot
      ? [
          `  jackpot pool ${formatMoney(settings.jackpot.pool)}, minimum ${formatMoney(settings.jackpot.minimum)}, ${settings.jackpot.shareBasisPoints / 100} % of real-money stakes`,
        ]
      : []),
  ].join('\n');
}

const GAME_SETTINGS = [
  'cancel',
  'hot',
  'prize-group',
  'min-unit-stake',
  'max-bet-stake',
  'max-draw-stake',
  'jackpot-minimum',
  'jackpot-share',
] as const;

function switchOf(name: string, value: string): boolean {
  if (!/^(on|off)$/i.test(value)) throw new UsageError(`${name} is on or off, got "${value}"`);
  return value.toLowerCase() === 'on';
}

/** A percentage with at most two decimals (35 or 12.5) as basis points. */
function basisPointsOf(name: string, value: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || Number(value) > 100)
    throw new UsageError(`${name} is a percentage from 0 to 100, like 35 or 12.5, got "${value}"`);
  return Math.round(Number(value) * 100);
}

/** NAME=VALUE settings as the API's change (amounts in pesos, the share in percent). */
export function gameSettingsChange(assignments: string[]): TGameSettingsChange {
  const fields = assignmentsOf(assignments, GAME_SETTINGS);
  const change: TGameSettingsChange = {};
  if (fields.cancel !== undefined) change.cancelAllowed = switchOf('cancel', fields.cancel);
  if (fields.hot !== undefined) change.hot = switchOf('hot', fields.hot);
  if (fields['prize-group'] !== undefined) change.prizeGroup = wholeNumberOf('prize-group', fields['prize-group']);
  if (fields['min-unit-stake'] !== undefined)
    change.minUnitStake = amountOf('min-unit-stake', fields['min-unit-stake']);
  if (fields['max-bet-stake'] !== undefined) change.maxBetStake = amountOf('max-bet-stake', fields['max-bet-stake']);
  if (fields['max-draw-stake'] !== undefined)
    change.maxDrawStakePerMember = amountOf('max-draw-stake', fields['max-draw-stake']);
  if (fields['jackpot-minimum'] !== undefined)
    change.jackpotMinimum = amountOf('jackpot-minimum', fields['jackpot-minimum']);
  if (fields['jackpot-share'] !== undefined)
    change.jackpotShareBasisPoints = basisPointsOf('jackpot-share', fields['jackpot-share']);
  return change;
}

function drawTarget(args: string[], usage: string): [gameCode: string, numero: string] {
  const [gameCode, numero] = args;
  if (!gameCode || !numero || !/^\d{8}-\d{4}$/.test(numero))
    throw new UsageError(`Give the game code and the draw's numero, e.g. ${usage}`);
  return [gameCode.toUpperCase(), numero];
}

/** enter and confirm: the result as the game writes it (VN tiers split by ~, numbers by commas; quote it). */
const resultCall =
  (template: string, usage: string) =>
  ({ args, merchantPath }: CommandInput): OperatorRequest => {
    const [gameCode, numero] = drawTarget(args, usage);
    const result = args.slice(2).join(' ');
    if (!result) throw new UsageError(`Give the official result, e.g. ${usage}`);
    return {
      method: 'POST',
      path: lotteryGamePath(merchantPath(template), gameCode, numero),
      body: { result },
      render: renderDraw,
    };
  };

export const lotteryCommands: readonly OperatorCommand[] = [
  {
    name: 'lottery monitor',
    help: [
      'lottery monitor [GAME]                 Draws past their time without a result, abnormal, or drawn and not yet paid, with',
      "                                       tickets and stakes; then each traditional game's result source",
    ],
    request: ({ args, merchantPath }) => {
      const query = new URLSearchParams();
      if (args[0]) query.set('gameCode', args[0].toUpperCase());
      return {
        method: 'GET',
        path: `${merchantPath(LOTTERY_API_PATHS.operatorMonitor)}${queryString(query)}`,
        render: (value) => {
          const monitor = value as TLotteryMonitor;
          return [
            monitor.draws.map(describeDraw).join('\n') || 'Every draw is on time.',
            '',
            'Result sources:',
            ...monitor.sources.map(describeSource),
          ].join('\n');
        },
      };
    },
  },
  {
    name: 'lottery draws',
    help: ["lottery draws GAME [--limit N]         A game's recent draws, newest first (20; at most 200)"],
    request: ({ args, options, merchantPath }) => {
      if (!args[0]) throw new UsageError('Give the game code, e.g. lottery draws PCSO_3D');
      const query = new URLSearchParams();
      if (options.limit) query.set('limit', String(wholeNumberOf('--limit', options.limit)));
      return {
        method: 'GET',
        path: `${lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorDraws), args[0].toUpperCase())}${queryString(query)}`,
        render: (value) => (value as TOperatorDraws).draws.map(describeDraw).join('\n') || 'No draws yet.',
      };
    },
  },
  {
    name: 'lottery enter',
    help: [
      "lottery enter GAME NUMERO RESULT       First entry of a traditional draw's official result (settles nothing yet):",
      '                                       VN tiers split by ~ and numbers by commas, Swertres 407, 6/42 4,12,19,27,33,41',
    ],
    request: resultCall(LOTTERY_API_PATHS.operatorEnterResult, 'lottery enter PCSO_3D 20261126-0002 407'),
  },
  {
    name: 'lottery confirm',
    help: [
      'lottery confirm GAME NUMERO RESULT     Another operator types it again: equal → drawn and paid, different → disputed',
    ],
    request: resultCall(LOTTERY_API_PATHS.operatorConfirmResult, 'lottery confirm PCSO_3D 20261126-0002 407'),
  },
  {
    name: 'lottery void',
    help: ['lottery void GAME NUMERO --reason "…"  Void a draw not yet drawn, or abnormal: every stake is refunded'],
    request: ({ args, options, merchantPath }) => {
      const [gameCode, numero] = drawTarget(args, 'lottery void VN_NORTH 20261126-0001 --reason "no official result"');
      if (!options.reason)
        throw new UsageError('Give the reason with --reason "…" (the audit log and the players\' history keep it)');
      return {
        method: 'POST',
        path: lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorVoid), gameCode, numero),
        body: { reason: options.reason },
        render: renderDraw,
      };
    },
  },
  {
    name: 'lottery source',
    help: [
      'lottery source GAME operator|feed [FEED_URL] [--grace-minutes N]',
      "                                       Where a traditional game's results come from: two operators, or the feed at",
      '                                       FEED_URL (http or https); N minutes after a draw without its result it is late',
    ],
    request: ({ args, options, merchantPath }) => {
      const [gameCode, source, feedUrl, ...rest] = args;
      const usage =
        'e.g. lottery source PCSO_642 feed https://results.example.com/pcso or lottery source PCSO_642 operator';
      if (!gameCode || (source !== 'operator' && source !== 'feed') || rest.length > 0)
        throw new UsageError(`Give the game code and operator or feed, ${usage}`);
      if (source === 'operator' && feedUrl)
        throw new UsageError('An operator-entered game has no feed address: leave it out');
      if (source === 'feed') {
        // --url is the server's address: a feed's goes after the word feed.
        if (!feedUrl)
          throw new UsageError(`Give the feed's address after feed (--url is this server's address), ${usage}`);
        const problem = feedUrlProblem(feedUrl);
        if (problem) throw new UsageError(`Not a feed address: ${problem}`);
      }
      const body: TResultSourceChange = { source, ...(feedUrl && { feedUrl }) };
      if (options['grace-minutes'] !== undefined) {
        const minutes = wholeNumberOf('--grace-minutes', options['grace-minutes']);
        if (minutes < 1 || minutes > RESULT_GRACE_MINUTES_MAX)
          throw new UsageError(`--grace-minutes is 1 to ${RESULT_GRACE_MINUTES_MAX} (a day)`);
        body.graceMinutes = minutes;
      }
      return {
        method: 'POST',
        path: lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorSource), gameCode.toUpperCase()),
        body,
        render: (value) => describeSource(value as TOperatorGameSource),
      };
    },
  },
  {
    name: 'lottery game',
    help: [
      "lottery game GAME [NAME=VALUE…]        A game's sales settings; with NAME=VALUE, change them (the rest stays):",
      '                                       cancel=on|off (cancel before lock), hot=on|off, prize-group=1700…1980,',
      '                                       min-unit-stake=, max-bet-stake=, max-draw-stake= (pesos), and for a jackpot',
      '                                       game jackpot-minimum= (pesos; above the pool raises it) and jackpot-share= (%)',
    ],
    request: ({ args, merchantPath }) => {
      const [gameCode, ...assignments] = args;
      if (!gameCode || gameCode.includes('='))
        throw new UsageError(
          'Give the game code first, e.g. lottery game PCSO_642 jackpot-share=40 or lottery game SSC_1M cancel=off',
        );
      const path = lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorGameSettings), gameCode.toUpperCase());
      const render = (value: unknown) => describeSettings(value as TOperatorGameSettings);
      if (assignments.length === 0) return { method: 'GET', path, render };
      return {
        method: 'POST',
        path: lotteryGamePath(merchantPath(LOTTERY_API_PATHS.operatorChangeGameSettings), gameCode.toUpperCase()),
        body: gameSettingsChange(assignments),
        render,
      };
    },
  },
];
