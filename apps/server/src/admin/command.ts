import { parseMoney } from '@palaro/contract';

/**
 * An operator command of `npm run admin`: the words naming it, its lines in the help text, and how
 * its arguments become the one operator API call it stands for. Each area declares its commands
 * next to its code (`modules/<x>/commands.ts`, `platform/jobs/commands.ts`); the command line is
 * one HTTP client that finds the command in `modules/operator-commands.ts`, calls and renders.
 */
export interface OperatorCommand {
  /** The command and its sub-command as typed: `deposits approve`, or `wallet` alone. */
  name: string;
  /** Its lines under "Commands:" in the help text, as printed after the two-space indent. */
  help: readonly string[];
  request: (input: CommandInput) => OperatorRequest;
}

export interface CommandInput {
  /** The words after the command's name. */
  args: string[];
  options: CommandOptions;
  /** An operator API path template (`:merchantCode`) made for the merchant given with --merchant. */
  merchantPath: (template: string) => string;
}

export interface CommandOptions {
  message?: string;
  until?: string;
  note?: string;
  reason?: string;
  status?: string;
  page?: string;
  limit?: string;
  'grace-minutes'?: string;
  label?: string;
}

export interface OperatorRequest {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Turns the answer's value into what the operator reads. */
  render: (value: unknown) => string;
}

/** Wrong use of the command line: exit code 2 with a pointer to --help. */
export class UsageError extends Error {}

export function splitList(value: string | undefined, what: string): string[] {
  if (!value) throw new UsageError(`Give ${what} separated by commas`);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function parseSwitch(assignment: string): [string, boolean] {
  const match = /^([A-Za-z0-9_.]+)=(on|off|true|false)$/i.exec(assignment);
  if (!match) throw new UsageError(`Expected FLAG=on|off, got "${assignment}"`);
  return [match[1]!, /^(on|true)$/i.test(match[2]!)];
}

export function requireAssignments(assignments: string[]): void {
  if (assignments.length === 0) throw new UsageError('Give at least one NAME=VALUE');
}

/** NAME=VALUE pairs restricted to `known` names (values may hold spaces when quoted). */
export function assignmentsOf(assignments: string[], known: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const assignment of assignments) {
    const separator = assignment.indexOf('=');
    const name = separator > 0 ? assignment.slice(0, separator) : assignment;
    if (!known.includes(name)) throw new UsageError(`Unknown setting "${name}". Known: ${known.join(', ')}`);
    fields[name] = assignment.slice(separator + 1);
  }
  return fields;
}

/** An amount in pesos (100 or 100.50) as minor units. */
export function amountOf(name: string, value: string): number {
  const minor = parseMoney(value);
  if (minor === null) throw new UsageError(`${name} needs an amount like 100 or 100.50, got "${value}"`);
  return minor;
}

export function wholeNumberOf(name: string, value: string): number {
  if (!/^\d{1,6}$/.test(value)) throw new UsageError(`${name} needs a whole number, got "${value}"`);
  return Number(value);
}

/** `?a=1&b=2` of the given query, or nothing when it is empty. */
export function queryString(query: URLSearchParams): string {
  return query.size > 0 ? `?${query}` : '';
}

export interface Page<T> {
  list: T[];
  page: number;
  total: number;
  pageSize: number;
}

/** One line a row, then where the page stands; `empty` when there is none. */
export function describePage<T>(page: Page<T>, line: (row: T) => string, empty: string): string {
  if (page.list.length === 0) return empty;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return [...page.list.map(line), `(page ${page.page} of ${pages}, ${page.total} in all)`].join('\n');
}

/** A queue of orders an operator decides (deposits, withdrawals): the list, approve and reject. */
export interface OrderQueue<Order> {
  /** The command word: `deposits`. */
  name: string;
  help: { list: string; approve: string; reject: string };
  paths: { list: string; approve: string; reject: string };
  /** One order as a line. */
  line: (order: Order) => string;
}

export function orderQueueCommands<Order>(queue: OrderQueue<Order>): OperatorCommand[] {
  const render = (value: unknown) => queue.line(value as Order);
  const decision =
    (template: string) =>
    ({ args, options, merchantPath }: CommandInput): OperatorRequest => {
      const orderNo = args[0]?.toUpperCase();
      if (!orderNo || !/^[A-Z0-9]{6,32}$/.test(orderNo))
        throw new UsageError('Give the order number, e.g. D7K2M9Q4X1PZA');
      return {
        method: 'POST',
        path: merchantPath(template).replace(':orderNo', orderNo),
        body: { ...(options.note !== undefined && { note: options.note }) },
        render,
      };
    };
  return [
    {
      name: queue.name,
      help: [queue.help.list],
      request: ({ options, merchantPath }) => {
        const query = new URLSearchParams();
        if (options.status) query.set('status', options.status);
        if (options.page) query.set('page', options.page);
        return {
          method: 'GET',
          path: `${merchantPath(queue.paths.list)}${queryString(query)}`,
          render: (value) => describePage(value as Page<Order>, queue.line, 'No orders.'),
        };
      },
    },
    { name: `${queue.name} approve`, help: [queue.help.approve], request: decision(queue.paths.approve) },
    { name: `${queue.name} reject`, help: [queue.help.reject], request: decision(queue.paths.reject) },
  ];
}
