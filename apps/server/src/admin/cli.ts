import { parseArgs } from 'node:util';
import {
  API_PATHS, GAME_API_PATHS, PROMOTION_SWITCHES, WHITELABEL_FLAGS, formatMoney, operatorPath, parseMoney,
  type TGameSettings, type TOperatorGame, type TOperatorGames, type TOperatorHotMatch, type TOperatorHotMatches, type TOperatorVendor,
  type TOperatorChannel, type TOperatorJob, type TOperatorJobs, type TOperatorMerchantState, type TOperatorTurnover, type TWalletSettings,
} from '@palaro/contract';

const HELP = `Palaro operator command line

Usage: npm run admin -- <command> [options]

Commands:
  show                                   Show maintenance, region and flags of the merchant
  maintenance on [--message "…"] [--until ISO-8601]
                                         --until must be in the future; maintenance ends by itself then
  maintenance off
  flags set FLAG=on|off …                Whitelabel flags, REFERRAL, MISSION, vip.display, vip.benefits
  region deny-countries XX,YY            Replace the denied countries (ISO alpha-2)
  region deny-ips CIDR,CIDR              Replace the denied IP ranges
  region clear                           Remove every region restriction
  wallet                                 Show the merchant's wallet rules
  wallet set NAME=VALUE …                Change them, e.g. depositTurnoverPercent=0 withdrawMin=100.00
  channels                               Payment channels, enabled or not
  channels set ID NAME=VALUE …           Change one, e.g. enabled=off minAmount=200 feeBasisPoints=150
                                         presetAmounts=200,500,1000 (amounts in pesos)
  deposits [--status S] [--page N]       Deposit orders: pending first (the queue), then the latest
  deposits approve ORDER [--note "…"]    Approve a pending bank transfer: credits the member
  deposits reject ORDER [--note "…"]     Reject a pending bank transfer: nothing is credited
  withdrawals [--status S] [--page N]    Withdrawals: pending first, then the latest
  withdrawals approve ORDER [--note "…"] Mark a pending withdrawal paid (after paying it out)
  withdrawals reject ORDER [--note "…"]  Reject a pending withdrawal: the amount goes back to the member
  turnover show USERNAME                 A member's turnover requirements, outstanding first, with every change
  turnover waive USERNAME [ID] --reason "…"
                                         Waive what is left of all outstanding requirements, or of one
  turnover adjust USERNAME ID AMOUNT --reason "…"
                                         Set one requirement's required amount in pesos (not below what is done)
                                         The member is notified and reads the reason.
  jobs [--status S] [--limit N]          Scheduled work: each schedule's next run, the latest jobs with
                                         state, attempts and last error (S: pending, running, done, failed)
  jobs retry ID                          Run a failed job (or one waiting to retry) again now
  jobs run NAME                          Run a job now, once, outside its schedule
  games vendors                          Game vendors in the merchant's order: on/off, hot, new, minimum bet
  games vendor CODE NAME=VALUE …         Change one: enabled=on|off hot=on|off new=on|off sortOrder=N
                                         minBet=0.05 (pesos; the floor under its games' minimum bets)
  games list [vendor=V] [type=T] [name=PREFIX] [--page N]
                                         Games (50 a page), enabled or not
  games set CODE NAME=VALUE …            Change a game: enabled, hot, new, sortOrder, minBet (as for a vendor)
  games cockfight [on|off]               Show or switch the cockfight category (off unless the law allows it)
  games matches                          Hot matches, past or upcoming, shown or hidden
  games match-add league=… home=… away=… time=ISO-8601 game=CODE room=ID
                                         Add a hot match launching a SPORTS or ESPORTS game
  games match ID NAME=VALUE …            Change one: league, home, away, time, sortOrder, active=on|off

Options:
  --merchant CODE   merchant code (default PALARO)
  --url URL         server address (default http://127.0.0.1:$PORT or :3000)
  --token TOKEN     operator token (default: environment PALARO_OPERATOR_TOKEN)
  --help            show this text

Exit codes: 0 done, 1 the server refused or failed, 2 wrong usage, 3 server unreachable.`;

class UsageError extends Error {}
class ServerUnreachableError extends Error {}
class ServerRefusedError extends Error {}

type Request = {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  path: string;
  body?: unknown;
  /** Turns the answer's value into what the operator reads. */
  render: (value: unknown) => string;
};

interface CommandOptions {
  message?: string;
  until?: string;
  note?: string;
  reason?: string;
  status?: string;
  page?: string;
  limit?: string;
}

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
function requestFor(positionals: string[], options: CommandOptions, merchant: string): Request {
  const [command, sub, ...rest] = positionals;
  const path = (template: string) => operatorPath(template, merchant);
  const state = (request: Omit<Request, 'render'>): Request => ({ ...request, render: (value) => describe(value as TOperatorMerchantState) });
  const orderPath = (template: string) => {
    const orderNo = rest[0]?.toUpperCase();
    if (!orderNo || !/^[A-Z0-9]{6,32}$/.test(orderNo)) throw new UsageError('Give the order number, e.g. D7K2M9Q4X1PZA');
    return path(template).replace(':orderNo', orderNo);
  };
  const listQuery = () => {
    const query = new URLSearchParams();
    if (options.status) query.set('status', options.status);
    if (options.page) query.set('page', options.page);
    return query.size > 0 ? `?${query}` : '';
  };
  const decision = { ...(options.note !== undefined && { note: options.note }) };
  const memberPath = (template: string) => {
    const username = rest[0];
    if (!username) throw new UsageError('Give the member\'s username, e.g. turnover show juan2026');
    return path(template).replace(':username', encodeURIComponent(username));
  };
  const turnover = (request: Omit<Request, 'render'>): Request => ({ ...request, render: (value) => describeTurnover(value as TOperatorTurnover) });
  switch (`${command ?? ''} ${sub ?? ''}`.trim()) {
    case 'show':
      return state({ method: 'GET', path: path(API_PATHS.operatorMerchant) });
    case 'maintenance on':
      return state({
        method: 'PUT',
        path: path(API_PATHS.operatorMaintenance),
        body: { enabled: true, ...(options.message !== undefined && { message: options.message }), ...(options.until !== undefined && { until: options.until }) },
      });
    case 'maintenance off':
      return state({ method: 'PUT', path: path(API_PATHS.operatorMaintenance), body: { enabled: false } });
    case 'flags set':
      return state({ method: 'PATCH', path: path(API_PATHS.operatorFlags), body: flagsBody(rest) });
    case 'region deny-countries':
      return state({ method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedCountries: splitList(rest[0], 'country codes').map((code) => code.toUpperCase()) } });
    case 'region deny-ips':
      return state({ method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedIpRanges: splitList(rest[0], 'IP ranges') } });
    case 'region clear':
      return state({ method: 'PUT', path: path(API_PATHS.operatorRegion), body: { deniedCountries: [], deniedIpRanges: [] } });
    case 'wallet':
      return { method: 'GET', path: path(API_PATHS.operatorWalletSettings), render: (value) => describeWalletSettings(value as TWalletSettings) };
    case 'wallet set':
      return { method: 'PATCH', path: path(API_PATHS.operatorWalletSettings), body: walletSettingsBody(rest), render: (value) => describeWalletSettings(value as TWalletSettings) };
    case 'channels':
      return { method: 'GET', path: path(API_PATHS.operatorChannels), render: (value) => (value as { list: TOperatorChannel[] }).list.map(describeChannel).join('\n') };
    case 'channels set': {
      const [id, ...assignments] = rest;
      if (!id || !/^\d{1,9}$/.test(id)) throw new UsageError('Give the channel id (see `channels`), e.g. channels set 3 enabled=off');
      return { method: 'PATCH', path: path(API_PATHS.operatorChannel).replace(':id', id), body: channelBody(assignments), render: (value) => describeChannel(value as TOperatorChannel) };
    }
    case 'deposits':
      return { method: 'GET', path: `${path(API_PATHS.operatorDeposits)}${listQuery()}`, render: (value) => describeOrders(value as OrderPage, describeDeposit) };
    case 'deposits approve':
      return { method: 'POST', path: orderPath(API_PATHS.operatorDepositApprove), body: decision, render: (value) => describeDeposit(value as OrderLine) };
    case 'deposits reject':
      return { method: 'POST', path: orderPath(API_PATHS.operatorDepositReject), body: decision, render: (value) => describeDeposit(value as OrderLine) };
    case 'withdrawals':
      return { method: 'GET', path: `${path(API_PATHS.operatorWithdrawals)}${listQuery()}`, render: (value) => describeOrders(value as OrderPage, describeWithdrawal) };
    case 'withdrawals approve':
      return { method: 'POST', path: orderPath(API_PATHS.operatorWithdrawalApprove), body: decision, render: (value) => describeWithdrawal(value as OrderLine) };
    case 'withdrawals reject':
      return { method: 'POST', path: orderPath(API_PATHS.operatorWithdrawalReject), body: decision, render: (value) => describeWithdrawal(value as OrderLine) };
    case 'jobs': {
      const query = new URLSearchParams();
      if (options.status) query.set('state', options.status);
      if (options.limit) query.set('limit', options.limit);
      return { method: 'GET', path: `${API_PATHS.operatorJobs}${query.size > 0 ? `?${query}` : ''}`, render: (value) => describeJobs(value as TOperatorJobs) };
    }
    case 'jobs retry': {
      const id = rest[0];
      if (!id || !/^[1-9]\d{0,15}$/.test(id)) throw new UsageError('Give the job\'s id (the # number `jobs` lists), e.g. jobs retry 42');
      return { method: 'POST', path: API_PATHS.operatorJobRetry.replace(':id', id), render: (value) => describeJob(value as TOperatorJob) };
    }
    case 'jobs run': {
      if (!rest[0]) throw new UsageError('Give the job\'s name (the names `jobs` lists), e.g. jobs run deposits.expiry-sweep');
      return { method: 'POST', path: API_PATHS.operatorJobs, body: { name: rest[0] }, render: (value) => describeJob(value as TOperatorJob) };
    }
    case 'games vendors':
      return { method: 'GET', path: path(GAME_API_PATHS.operatorVendors), render: (value) => describeVendors((value as { list: TOperatorVendor[] }).list) };
    case 'games vendor': {
      const [code, ...assignments] = rest;
      if (!code) throw new UsageError('Give the vendor code (see `games vendors`), e.g. games vendor ALON hot=on');
      return { method: 'PATCH', path: path(GAME_API_PATHS.operatorVendor).replace(':vendorCode', encodeURIComponent(code)), body: catalogueBody(assignments), render: (value) => describeVendors([value as TOperatorVendor]) };
    }
    case 'games list': {
      const filters = assignmentsOf(rest, ['vendor', 'type', 'name']);
      const query = new URLSearchParams();
      if (filters.vendor) query.set('vendor', filters.vendor);
      if (filters.type) query.set('gameType', filters.type.toUpperCase());
      if (filters.name) query.set('name', filters.name);
      if (options.page) query.set('page', options.page);
      return { method: 'GET', path: `${path(GAME_API_PATHS.operatorGames)}${query.size > 0 ? `?${query}` : ''}`, render: (value) => describeGames(value as TOperatorGames) };
    }
    case 'games set': {
      const [code, ...assignments] = rest;
      if (!code) throw new UsageError('Give the game code (see `games list`), e.g. games set ALON-RNG-001 enabled=off');
      return { method: 'PATCH', path: path(GAME_API_PATHS.operatorGame).replace(':gameCode', encodeURIComponent(code)), body: catalogueBody(assignments), render: (value) => describeGame(value as TOperatorGame) };
    }
    case 'games cockfight': {
      const render = (value: unknown) => `Cockfight: ${(value as TGameSettings).cockfightEnabled ? 'on' : 'off'}`;
      if (rest[0] === undefined) return { method: 'GET', path: path(GAME_API_PATHS.operatorGameSettings), render };
      const [, enabled] = parseSwitch(`cockfight=${rest[0]}`);
      return { method: 'PATCH', path: path(GAME_API_PATHS.operatorGameSettings), body: { cockfightEnabled: enabled }, render };
    }
    case 'games matches':
      return { method: 'GET', path: path(GAME_API_PATHS.operatorHotMatches), render: (value) => describeMatches((value as TOperatorHotMatches).list) };
    case 'games match-add': {
      const fields = assignmentsOf(rest, ['league', 'home', 'away', 'time', 'game', 'room']);
      const body = { league: fields.league, homeTeam: fields.home, awayTeam: fields.away, matchTime: fields.time, gameCode: fields.game, roomId: fields.room };
      return { method: 'POST', path: path(GAME_API_PATHS.operatorHotMatches), body, render: (value) => describeMatches([value as TOperatorHotMatch]) };
    }
    case 'games match': {
      const [id, ...assignments] = rest;
      if (!id || !/^\d{1,9}$/.test(id)) throw new UsageError('Give the match id (see `games matches`), e.g. games match 4 active=off');
      return { method: 'PATCH', path: path(GAME_API_PATHS.operatorHotMatch).replace(':id', id), body: matchBody(assignments), render: (value) => describeMatches([value as TOperatorHotMatch]) };
    }
    case 'turnover show':
      return turnover({ method: 'GET', path: memberPath(API_PATHS.operatorMemberTurnover) });
    case 'turnover waive': {
      const id = rest[1];
      return turnover({
        method: 'POST', path: memberPath(API_PATHS.operatorTurnoverWaive),
        body: { reason: reasonOf(options), ...(id !== undefined && { requirementId: requirementIdOf(id) }) },
      });
    }
    case 'turnover adjust': {
      const [, id, amount = ''] = rest;
      const requirementPath = memberPath(API_PATHS.operatorTurnoverRequirement).replace(':id', String(requirementIdOf(id)));
      const required = parseMoney(amount);
      if (required === null) throw new UsageError(`Give the new required amount in pesos, like 250 or 250.50, got "${amount}"`);
      return turnover({ method: 'PATCH', path: requirementPath, body: { required, reason: reasonOf(options) } });
    }
    default:
      throw new UsageError(positionals.length === 0 ? 'Give a command' : `Unknown command "${positionals.join(' ')}"`);
  }
}

/** NAME=VALUE pairs restricted to `known` names (values may hold spaces when quoted). */
function assignmentsOf(assignments: string[], known: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const assignment of assignments) {
    const separator = assignment.indexOf('=');
    const name = separator > 0 ? assignment.slice(0, separator) : assignment;
    if (!known.includes(name)) throw new UsageError(`Unknown setting "${name}". Known: ${known.join(', ')}`);
    fields[name] = assignment.slice(separator + 1);
  }
  return fields;
}

/** A vendor's or game's changes: switches on|off, the order as a whole number, the minimum bet in pesos. */
function catalogueBody(assignments: string[]): Record<string, unknown> {
  if (assignments.length === 0) throw new UsageError('Give at least one NAME=VALUE');
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(assignmentsOf(assignments, ['enabled', 'hot', 'new', 'sortOrder', 'minBet']))) {
    if (name === 'sortOrder') {
      if (!/^\d{1,7}$/.test(value)) throw new UsageError(`sortOrder needs a whole number, got "${value}"`);
      body.sortOrder = Number(value);
    } else if (name === 'minBet') {
      const minor = parseMoney(value);
      if (minor === null) throw new UsageError(`minBet needs an amount in pesos like 0.05, got "${value}"`);
      body.minBet = minor;
    } else {
      body[name] = parseSwitch(`${name}=${value}`)[1];
    }
  }
  return body;
}

function matchBody(assignments: string[]): Record<string, unknown> {
  if (assignments.length === 0) throw new UsageError('Give at least one NAME=VALUE');
  const fields = assignmentsOf(assignments, ['league', 'home', 'away', 'time', 'sortOrder', 'active']);
  return {
    ...(fields.league !== undefined && { league: fields.league }),
    ...(fields.home !== undefined && { homeTeam: fields.home }),
    ...(fields.away !== undefined && { awayTeam: fields.away }),
    ...(fields.time !== undefined && { matchTime: fields.time }),
    ...(fields.sortOrder !== undefined && { sortOrder: Number(fields.sortOrder) }),
    ...(fields.active !== undefined && { active: parseSwitch(`active=${fields.active}`)[1] }),
  };
}

function describeVendors(vendors: TOperatorVendor[]): string {
  if (vendors.length === 0) return 'No vendors.';
  return vendors.map((vendor) => `${vendor.code.padEnd(14)} ${vendor.enabled ? 'on ' : 'off'}  ${vendor.name.padEnd(20)} ${vendor.categories.join(',').padEnd(14)} ${String(vendor.gameCount).padStart(4)} games  order ${vendor.sortOrder}  min ${formatMoney(vendor.minBet)}${vendor.hot ? '  HOT' : ''}${vendor.new ? '  NEW' : ''}`).join('\n');
}

function describeGame(game: TOperatorGame): string {
  return `${game.code.padEnd(20)} ${game.enabled ? 'on ' : 'off'}  ${game.name.padEnd(32)} ${game.gameType.padEnd(9)} order ${String(game.sortOrder).padEnd(4)} min ${formatMoney(game.minBet)}${game.lines ? `  ${game.lines} lines` : ''}${game.hot ? '  HOT' : ''}${game.new ? '  NEW' : ''}`;
}

function describeGames(page: TOperatorGames): string {
  if (page.list.length === 0) return 'No games.';
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return [...page.list.map(describeGame), `(page ${page.page} of ${pages}, ${page.total} in all)`].join('\n');
}

function describeMatches(matches: TOperatorHotMatch[]): string {
  if (matches.length === 0) return 'No hot matches.';
  return matches.map((match) => `#${match.id}  ${match.active ? 'shown ' : 'hidden'}  ${match.matchTime}  ${match.league}: ${match.homeTeam} vs ${match.awayTeam}  (${match.vendor} room ${match.roomId})${match.rollsForward ? '  demo, rolls forward' : ''}`).join('\n');
}

/** The member reads the reason of a waiver or an adjustment, so the command asks for it. */
function reasonOf(options: CommandOptions): string {
  if (options.reason === undefined) throw new UsageError('Give the reason with --reason "…" (the member reads it)');
  return options.reason;
}

function requirementIdOf(id: string | undefined): number {
  if (!id || !/^\d{1,15}$/.test(id)) throw new UsageError('Give the requirement id (see `turnover show USERNAME`), e.g. 12');
  return Number(id);
}

function describeTurnover(turnover: TOperatorTurnover): string {
  const standing = turnover.canWithdraw ? 'no turnover left' : `${formatMoney(turnover.left)} of turnover left`;
  const header = `${turnover.username} (member ${turnover.memberId}): ${standing}`;
  if (turnover.items.length === 0) return `${header}\nNo turnover requirements.`;
  return [header, ...turnover.items.map((item) => {
    const state = item.change?.kind === 'waived' ? 'waived' : item.completedAt ? 'complete' : 'open';
    const wasRequired = item.required === item.originalRequired ? '' : ` (was ${formatMoney(item.originalRequired)})`;
    const change = item.change ? `  ${item.change.kind} ${item.change.at} by ${item.change.by}: ${item.change.reason}` : '';
    return `${item.id.padStart(6)}  ${state.padEnd(8)}  ${item.source.padEnd(10)} ${item.reference.padEnd(16)} required ${formatMoney(item.required)}${wasRequired}  done ${formatMoney(item.done)}  left ${formatMoney(item.left)}${change}`;
  })].join('\n');
}

const WALLET_AMOUNTS: readonly string[] = ['trialBalance', 'withdrawMin', 'withdrawMax', 'withdrawDailyAmount', 'transferMin', 'transferMax'];
const WALLET_COUNTS: readonly string[] = ['withdrawDailyCount', 'maxPayoutAccounts', 'depositTurnoverPercent', 'depositExpiryMinutes'];

/** NAME=VALUE pairs: amounts in pesos (100 or 100.50), counts and percentages as whole numbers. */
function walletSettingsBody(assignments: string[]): Record<string, number> {
  if (assignments.length === 0) throw new UsageError('Give at least one NAME=VALUE');
  const body: Record<string, number> = {};
  for (const assignment of assignments) {
    const [name = '', value = ''] = assignment.split('=', 2);
    if (WALLET_AMOUNTS.includes(name)) {
      const minor = parseMoney(value);
      if (minor === null) throw new UsageError(`${name} needs an amount like 100 or 100.50, got "${value}"`);
      body[name] = minor;
    } else if (WALLET_COUNTS.includes(name)) {
      if (!/^\d{1,6}$/.test(value)) throw new UsageError(`${name} needs a whole number, got "${value}"`);
      body[name] = Number(value);
    } else {
      throw new UsageError(`Unknown wallet rule "${name}". Known: ${[...WALLET_AMOUNTS, ...WALLET_COUNTS].join(', ')}`);
    }
  }
  return body;
}

const CHANNEL_AMOUNTS: readonly string[] = ['minAmount', 'maxAmount', 'feeFixed'];
const CHANNEL_COUNTS: readonly string[] = ['feeBasisPoints', 'displayOrder', 'minVipLevel'];

/** NAME=VALUE pairs of a channel: amounts in pesos, enabled on|off, presets as a comma list of pesos. */
function channelBody(assignments: string[]): Record<string, unknown> {
  if (assignments.length === 0) throw new UsageError('Give at least one NAME=VALUE');
  const body: Record<string, unknown> = {};
  const amount = (name: string, value: string) => {
    const minor = parseMoney(value);
    if (minor === null) throw new UsageError(`${name} needs an amount like 100 or 100.50, got "${value}"`);
    return minor;
  };
  for (const assignment of assignments) {
    const [name = '', value = ''] = assignment.split('=', 2);
    if (CHANNEL_AMOUNTS.includes(name)) body[name] = amount(name, value);
    else if (CHANNEL_COUNTS.includes(name)) {
      if (!/^\d{1,6}$/.test(value)) throw new UsageError(`${name} needs a whole number, got "${value}"`);
      body[name] = Number(value);
    } else if (name === 'enabled') body.enabled = parseSwitch(assignment)[1];
    else if (name === 'presetAmounts') body.presetAmounts = splitList(value, 'preset amounts').map((preset) => amount(name, preset));
    else if (name === 'name') body.name = value;
    else throw new UsageError(`Unknown channel setting "${name}". Known: name, enabled, presetAmounts, ${[...CHANNEL_AMOUNTS, ...CHANNEL_COUNTS].join(', ')}`);
  }
  return body;
}

function describeChannel(channel: TOperatorChannel): string {
  const fee = channel.feeBasisPoints === 0 && channel.feeFixed === 0 ? 'no fee' : `fee ${channel.feeBasisPoints / 100}% + ${formatMoney(channel.feeFixed)}`;
  return `${String(channel.id).padStart(3)}  ${channel.enabled ? 'on ' : 'off'}  ${channel.name.padEnd(16)} ${channel.method.padEnd(14)} ${formatMoney(channel.minAmount)} – ${formatMoney(channel.maxAmount)}  ${fee}  VIP ${channel.minVipLevel}+  order ${channel.displayOrder}${channel.gateway ? `  via ${channel.gateway}` : ''}`;
}

function describeWalletSettings(settings: TWalletSettings): string {
  return Object.entries(settings)
    .map(([name, value]) => `  ${name.padEnd(24)}${WALLET_AMOUNTS.includes(name) ? formatMoney(value) : String(value)}`)
    .join('\n');
}

/** The fields of a deposit or withdrawal the command line prints (operator answers carry more). */
interface OrderLine {
  orderNo: string;
  username?: string;
  amount: number;
  status: string;
  createdAt: string;
  channelName?: string;
  senderName?: string | null;
  senderReference?: string | null;
  payoutKind?: string;
  payoutName?: string;
  payoutBankName?: string | null;
  payoutAccountNumber?: string;
  note?: string | null;
}
interface OrderPage {
  list: OrderLine[];
  page: number;
  total: number;
  pageSize: number;
}

function describeDeposit(order: OrderLine): string {
  const sender = order.senderName ? `  from ${order.senderName}${order.senderReference ? ` ref ${order.senderReference}` : ''}` : '';
  return `${order.orderNo}  ${order.status.padEnd(8)}  ${formatMoney(order.amount).padStart(12)}  ${order.username ?? ''}  ${order.channelName ?? ''}${sender}  ${order.createdAt}${order.note ? `  note: ${order.note}` : ''}`;
}

function describeWithdrawal(order: OrderLine): string {
  const payout = [order.payoutKind, order.payoutBankName, order.payoutName, order.payoutAccountNumber].filter(Boolean).join(' ');
  return `${order.orderNo}  ${order.status.padEnd(8)}  ${formatMoney(order.amount).padStart(12)}  ${order.username ?? ''}  to ${payout}  ${order.createdAt}${order.note ? `  note: ${order.note}` : ''}`;
}

function describeOrders(page: OrderPage, line: (order: OrderLine) => string): string {
  if (page.list.length === 0) return 'No orders.';
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return [...page.list.map(line), `(page ${page.page} of ${pages}, ${page.total} in all)`].join('\n');
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

function describeJob(job: TOperatorJob): string {
  const when = job.state === 'running' ? `held by ${job.lockedBy} until ${job.lockedUntil}`
    : job.state === 'pending' ? `runs at ${job.runAt}`
    : `finished ${job.finishedAt}`;
  const error = job.lastError ? `\n      last error: ${job.lastError}` : '';
  return `#${job.id}  ${job.name}  ${job.state.padEnd(7)}  attempts ${job.attempts}/${job.maxAttempts}  ${when}${job.uniqueKey ? `  key ${job.uniqueKey}` : ''}${error}`;
}

function describeJobs({ schedules, jobs }: TOperatorJobs): string {
  const width = Math.max(4, ...schedules.map((schedule) => schedule.name.length));
  return [
    'Schedules',
    ...(schedules.length === 0 ? ['  none'] : schedules.map((schedule) =>
      `  ${schedule.name.padEnd(width)}  ${schedule.rule.padEnd(12)}  next ${schedule.nextRunAt}  last enqueued ${schedule.lastEnqueuedAt ?? 'never'}`)),
    'Jobs, latest first',
    ...(jobs.length === 0 ? ['  none'] : jobs.map((job) => `  ${describeJob(job)}`)),
  ].join('\n');
}

interface Envelope {
  success: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

async function call(baseUrl: string, token: string, request: Request): Promise<unknown> {
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
  return envelope.value;
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
      note: { type: 'string' },
      reason: { type: 'string' },
      status: { type: 'string' },
      page: { type: 'string' },
      limit: { type: 'string' },
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
  const value = await call(values.url, token, request);
  if (request.method !== 'GET') console.log('Done.');
  console.log(request.render(value));
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
