import {
  formatMoney,
  RED_RAIN_API_PATHS,
  RED_RAIN_QUALIFICATIONS,
  type RedRainQualification,
  type TOperatorRedRainEvent,
  type TOperatorRedRainList,
} from '@palaro/contract';
import { amountOf, assignmentsOf, UsageError, wholeNumberOf, type OperatorCommand } from '../../admin/command';

const FIELDS = [
  'starts',
  'minutes',
  'budget',
  'count',
  'min',
  'max',
  'grabs',
  'qualify',
  'qualify-amount',
  'qualify-hours',
  'title',
  'title.TY',
  'title.EN',
] as const;

/** `2026-12-24T20:00+08:00` (seconds optional) as the ISO instant the API takes. */
export function instantOf(value: string | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?(Z|[+-]\d{2}:\d{2})$/.exec(value ?? '');
  if (!match) throw new UsageError('Give the start as starts=YYYY-MM-DDTHH:MM+08:00');
  return `${match[1]}${match[2] ?? ':00'}${match[3]}`;
}

function line(event: TOperatorRedRainEvent): string {
  return (
    `#${event.id} ${event.title.EN} [${event.status}] ${event.startsAt} → ${event.endsAt}: ` +
    `budget ${formatMoney(event.budget)}, ${event.envelopeCount} envelopes (${formatMoney(event.minAmount)}–${formatMoney(event.maxAmount)}), ` +
    `${event.envelopesLeft} left, ${event.grabsPerMember} each, qualify ${event.qualification}` +
    (event.qualification === 'none' ? '' : ` ${formatMoney(event.qualifyAmount)}`) +
    `; paid ${formatMoney(event.paid)} to ${event.takers}`
  );
}
const render = (value: unknown) => line(value as TOperatorRedRainEvent);
const idOf = (word: string | undefined) => {
  if (!word || !/^\d{1,9}$/.test(word)) throw new UsageError('Give the rain’s number');
  return word;
};

export const redRainCommands: readonly OperatorCommand[] = [
  {
    name: 'redrain list',
    help: ['redrain list                        The merchant’s red-envelope rains, latest first, with what each paid'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(RED_RAIN_API_PATHS.operatorRedRain),
      render: (value) => {
        const { list } = value as TOperatorRedRainList;
        return list.length === 0 ? 'No red-envelope rain.' : list.map(line).join('\n');
      },
    }),
  },
  {
    name: 'redrain create',
    help: [
      'redrain create starts=… minutes=N budget=PESOS count=N [min=PESOS max=PESOS grabs=N]',
      '               [qualify=none|deposit|turnover qualify-amount=PESOS qualify-hours=N] title="…"',
      '                                   Schedule a rain (title.TY= / title.EN= for each language)',
    ],
    request: ({ args, merchantPath }) => {
      const fields = assignmentsOf(args, FIELDS);
      const TY = fields['title.TY'] ?? fields.title;
      const EN = fields['title.EN'] ?? fields.title;
      if (!TY || !EN) throw new UsageError('Give the title with title="…" (or title.TY= and title.EN=)');
      const qualification = (fields.qualify ?? 'none') as RedRainQualification;
      if (!RED_RAIN_QUALIFICATIONS.includes(qualification))
        throw new UsageError(`qualify is one of ${RED_RAIN_QUALIFICATIONS.join(', ')}`);
      const need = (name: (typeof FIELDS)[number]) => {
        const value = fields[name];
        if (value === undefined) throw new UsageError(`Give ${name}=`);
        return value;
      };
      return {
        method: 'POST',
        path: merchantPath(RED_RAIN_API_PATHS.operatorRedRain),
        body: {
          title: { TY, EN },
          startsAt: instantOf(fields.starts),
          minutes: wholeNumberOf('minutes', need('minutes')),
          budget: amountOf('budget', need('budget')),
          envelopeCount: wholeNumberOf('count', need('count')),
          ...(fields.min ? { minAmount: amountOf('min', fields.min) } : {}),
          ...(fields.max ? { maxAmount: amountOf('max', fields.max) } : {}),
          ...(fields.grabs ? { grabsPerMember: wholeNumberOf('grabs', fields.grabs) } : {}),
          qualification,
          qualifyAmount: fields['qualify-amount'] ? amountOf('qualify-amount', fields['qualify-amount']) : 0,
          ...(fields['qualify-hours'] ? { qualifyHours: wholeNumberOf('qualify-hours', fields['qualify-hours']) } : {}),
        },
        render,
      };
    },
  },
  {
    name: 'redrain show',
    help: ['redrain show ID                     One rain'],
    request: ({ args, merchantPath }) => ({
      method: 'GET',
      path: merchantPath(RED_RAIN_API_PATHS.operatorRedRainEvent).replace(':id', idOf(args[0])),
      render,
    }),
  },
  {
    name: 'redrain cancel',
    help: ['redrain cancel ID                   Cancel a rain not ended (envelopes taken stay paid)'],
    request: ({ args, merchantPath }) => ({
      method: 'POST',
      path: merchantPath(RED_RAIN_API_PATHS.operatorRedRainCancel).replace(':id', idOf(args[0])),
      render,
    }),
  },
];
