import {
  formatMoney,
  LEADERBOARD_API_PATHS,
  LEADERBOARD_METRICS,
  type LeaderboardMetric,
  type TOperatorLeaderboard,
  type TOperatorLeaderboardList,
} from '@palaro/contract';
import { amountOf, assignmentsOf, splitList, UsageError, type OperatorCommand } from '../../admin/command';

const FIELDS = ['from', 'to', 'metric', 'prizes', 'title', 'title.TY', 'title.EN'] as const;

function line(period: TOperatorLeaderboard): string {
  const prizes = period.prizes.map((prize) => formatMoney(prize)).join(' / ');
  const head = `#${period.id} ${period.title.EN} [${period.status}] ${period.fromDay}…${period.toDay} by ${period.metric}; prizes ${prizes}`;
  const top = period.top.slice(0, 3).map((row) => `  ${row.rank}. ${row.name} ${formatMoney(row.score)}`);
  const paid = period.paid.map((row) => `  paid rank ${row.rank} ${row.username} ${formatMoney(row.amount)}`);
  return [head, ...top, ...paid].join('\n');
}
const render = (value: unknown) => line(value as TOperatorLeaderboard);
const idOf = (word: string | undefined) => {
  if (!word || !/^\d{1,9}$/.test(word)) throw new UsageError('Give the period’s number');
  return word;
};

export const leaderboardCommands: readonly OperatorCommand[] = [
  {
    name: 'leaderboards list',
    help: ['leaderboards list                   The merchant’s leaderboard periods, latest first'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(LEADERBOARD_API_PATHS.operatorLeaderboards),
      render: (value) => {
        const { list } = value as TOperatorLeaderboardList;
        return list.length === 0 ? 'No leaderboard period.' : list.map(line).join('\n');
      },
    }),
  },
  {
    name: 'leaderboards create',
    help: [
      'leaderboards create from=YYYY-MM-DD to=YYYY-MM-DD metric=turnover|wins prizes=PESOS,PESOS,… title="…"',
      '                                   A period of local days (merchant’s zone), a prize per rank',
    ],
    request: ({ args, merchantPath }) => {
      const fields = assignmentsOf(args, FIELDS);
      const TY = fields['title.TY'] ?? fields.title;
      const EN = fields['title.EN'] ?? fields.title;
      if (!TY || !EN) throw new UsageError('Give the title with title="…" (or title.TY= and title.EN=)');
      const metric = (fields.metric ?? 'turnover') as LeaderboardMetric;
      if (!LEADERBOARD_METRICS.includes(metric))
        throw new UsageError(`metric is one of ${LEADERBOARD_METRICS.join(', ')}`);
      if (!fields.from || !fields.to) throw new UsageError('Give from=YYYY-MM-DD and to=YYYY-MM-DD');
      return {
        method: 'POST',
        path: merchantPath(LEADERBOARD_API_PATHS.operatorLeaderboards),
        body: {
          title: { TY, EN },
          metric,
          fromDay: fields.from,
          toDay: fields.to,
          prizes: splitList(fields.prizes, 'the prizes in pesos').map((prize) => amountOf('prizes', prize)),
        },
        render,
      };
    },
  },
  {
    name: 'leaderboards show',
    help: ['leaderboards show ID                One period, its ranking and the prizes paid'],
    request: ({ args, merchantPath }) => ({
      method: 'GET',
      path: merchantPath(LEADERBOARD_API_PATHS.operatorLeaderboard).replace(':id', idOf(args[0])),
      render,
    }),
  },
  {
    name: 'leaderboards cancel',
    help: ['leaderboards cancel ID              Cancel a period not paid yet'],
    request: ({ args, merchantPath }) => ({
      method: 'POST',
      path: merchantPath(LEADERBOARD_API_PATHS.operatorLeaderboardCancel).replace(':id', idOf(args[0])),
      render,
    }),
  },
];
