import { parseArgs } from 'node:util';
import { API_PATHS, PROMOTION_SWITCHES, WHITELABEL_FLAGS, operatorPath, type TOperatorMerchantState } from '@palaro/contract';

const HELP = `Palaro operator command line

Usage: npm run admin -- <command> [options]

Commands:
  show                                   Show maintenance, region and flags of the merchant
  maintenance on [--message "…"] [--until ISO-8601]
  maintenance off
  flags set FLAG=on|off …                Whitelabel flags, REFERRAL, MISSION, vip.display, vip.benefits
  region deny-countries XX,YY            Replace the denied countries (ISO alpha-2)
  region deny-ips CIDR,CIDR              Replace the denied IP ranges
  region clear                           Remove every region restriction

Options:
  --merchant CODE   merchant code (default PALARO)
  --url URL         server address (default http://127.0.0.1:$PORT or :3000)
  --token TOKEN     operator token (default: environment PALARO_OPERATOR_TOKEN)
  --help            show this text

Exit codes: 0 done, 1 the server refused or failed, 2 wrong usage, 3 server unreachable.`;

class UsageError extends Error {}
class ServerUnreachableError extends Error {}
class ServerRefusedError extends Error {}

type Request = { method: 'GET' | 'PUT' | 'PATCH'; path: string; body?: unknown };

function splitList(value: string | undefined, what: string): string[] {
  if (!value) throw new UsageError(`Give ${what} separated by commas`);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

function parseSwitch(assignment: string): [string, boolean] {
  const match = /^([A-Za-z0-9_.]+)=(on|off|true|false)$/i.exec(assignment);
  if (!match) throw new UsageError(`Expected FLAG=on|off, got "${assignment}"`);
  return [match[1]!, /^(on|true)$/i.test(match[2]!)];
}

function flagsBody(assignments: string[]) {
  if (assignments.length === 0) throw new UsageError('Give at least one FLAG=on|off');
  const whitelabel: Record<string, boolean> = {};
  const promotions: Record<string, boolean> = {};
  const vip: Record<string, boolean> = {};
  for (const [name, enabled] of assignments.map(parseSwitch)) {
    const upper = name.toUpperCase();
    if ((WHITELABEL_FLAGS as readonly string[]).includes(upper)) whitelabel[upper] = enabled;
    else if ((PROMOTION_SWITCHES as readonly string[]).includes(upper)) promotions[upper] = enabled;
    else if (name === 'vip.display' || name === 'vip.benefits') vip[name.slice(4)] = enabled;
    else throw new UsageError(`Unknown flag "${name}". Known: ${[...WHITELABEL_FLAGS, ...PROMOTION_SWITCHES, 'vip.display', 'vip.benefits'].join(', ')}`);
  }
  return { whitelabel, promotions, vip };
}

/** Turns the command words into the one API call they stand for. */
function requestFor(positionals: string[], options: { message?: string; until?: string }, merchant: string): Request {
  const [command, sub, ...rest] = positionals;
  const path = (template: string) => operatorPath(template, merchant);
  switch (`${command ?? ''} ${sub ?? ''}`.trim()) {
    case 'show':
      return { method: 'GET', path: path(API_PATHS.operatorMerchant) };
    case 'maintenance on':
      return {
        method: 'PUT',
        path: path(API_PATHS.operatorMaintenance),
        body: { enabled: true, ...(options.message !== undefined && { message: options.message }), ...(options.until !== undefined && { until: options.until }) },
      };
    case 'maintenance off':
      return { method: 'PUT', path: path(API_PATHS.operatorMaintenance), body: { enabled: false } };
    case 'flags set':
      return { method: 'PATCH', path: path(API_PATHS.operatorFlags), body: flagsBody(rest) };
    case 'region deny-countries':
      return { method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedCountries: splitList(rest[0], 'country codes').map((code) => code.toUpperCase()) } };
    case 'region deny-ips':
      return { method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedIpRanges: splitList(rest[0], 'IP ranges') } };
    case 'region clear':
      return { method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedCountries: [], deniedIpRanges: [] } };
    default:
      throw new UsageError(positionals.length === 0 ? 'Give a command' : `Unknown command "${positionals.join(' ')}"`);
  }
}

function describe(state: TOperatorMerchantState): string {
  const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');
  const listOf = (entries: Record<string, boolean>, enabled: boolean) =>
    Object.entries(entries).filter(([, value]) => value === enabled).map(([name]) => name).sort().join(', ') || '—';
  return [
    `Merchant ${state.merchantCode}`,
    `  Maintenance:        ${onOff(state.maintenance.enabled)}${state.maintenance.message ? ` — "${state.maintenance.message}"` : ''}${state.maintenance.until ? ` until ${state.maintenance.until}` : ''}`,
    `  Denied countries:   ${state.region.deniedCountries.join(', ') || '—'}`,
    `  Denied IP ranges:   ${state.region.deniedIpRanges.join(', ') || '—'}`,
    `  Flags on:           ${listOf(state.whitelabel, true)}`,
    `  Flags off:          ${listOf(state.whitelabel, false)}`,
    `  Promotions:         ${Object.entries(state.promotions).map(([name, value]) => `${name} ${onOff(value)}`).join(', ') || '—'}`,
    `  VIP:                display ${onOff(state.vip.display)}, benefits ${onOff(state.vip.benefits)}`,
  ].join('\n');
}

interface Envelope {
  success: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

async function call(baseUrl: string, token: string, request: Request): Promise<TOperatorMerchantState> {
  let response: Response;
  try {
    response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(request.body !== undefined && { 'content-type': 'application/json' }) },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ServerUnreachableError(`Cannot reach the server at ${baseUrl} (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}). Is it running?`);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!envelope) throw new ServerRefusedError(`The server answered ${response.status} without a JSON body — is ${baseUrl} the Palaro server?`);
  if (!envelope.success) {
    const fields = (envelope.value as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
    const detail = fields.map((field) => `\n  ${field.field}: ${field.message}`).join('');
    const hint = response.status === 401 ? '\n  Check PALARO_OPERATOR_TOKEN or --token.' : '';
    throw new ServerRefusedError(`Refused (${response.status} ${envelope.errorCode}): ${envelope.message}${detail}${hint}`);
  }
  return envelope.value as TOperatorMerchantState;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      merchant: { type: 'string', default: 'PALARO' },
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
      token: { type: 'string' },
      message: { type: 'string' },
      until: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const request = requestFor(positionals, values, values.merchant);
  const token = values.token ?? process.env.PALARO_OPERATOR_TOKEN;
  if (!token) throw new UsageError('No operator token: set PALARO_OPERATOR_TOKEN or pass --token');
  const state = await call(values.url, token, request);
  if (request.method !== 'GET') console.log('Done.');
  console.log(describe(state));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`${error.message}\nRun with --help for usage.`);
      process.exit(2);
    }
    if (error instanceof ServerUnreachableError) {
      console.error(error.message);
      process.exit(3);
    }
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
