import {
  GAME_API_PATHS,
  formatMoney,
  parseMoney,
  type TGameSettings,
  type TOperatorGame,
  type TOperatorGames,
  type TOperatorHotMatch,
  type TOperatorHotMatches,
  type TOperatorVendor,
} from '@palaro/contract';
import {
  UsageError,
  assignmentsOf,
  describePage,
  parseSwitch,
  queryString,
  requireAssignments,
  type OperatorCommand,
} from '../../admin/command';

/** A vendor's or game's changes: switches on|off, the order as a whole number, the minimum bet in pesos. */
function catalogueBody(assignments: string[]): Record<string, unknown> {
  requireAssignments(assignments);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(
    assignmentsOf(assignments, ['enabled', 'hot', 'new', 'sortOrder', 'minBet']),
  )) {
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
  requireAssignments(assignments);
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
  return vendors
    .map(
      (vendor) =>
        `${vendor.code.padEnd(14)} ${vendor.enabled ? 'on ' : 'off'}  ${vendor.name.padEnd(20)} ${vendor.categories.join(',').padEnd(14)} ${String(vendor.gameCount).padStart(4)} games  order ${vendor.sortOrder}  min ${formatMoney(vendor.minBet)}${vendor.hot ? '  HOT' : ''}${vendor.new ? '  NEW' : ''}`,
    )
    .join('\n');
}

function describeGame(game: TOperatorGame): string {
  return `${game.code.padEnd(20)} ${game.enabled ? 'on ' : 'off'}  ${game.name.padEnd(32)} ${game.gameType.padEnd(9)} order ${String(game.sortOrder).padEnd(4)} min ${formatMoney(game.minBet)}${game.lines ? `  ${game.lines} lines` : ''}${game.hot ? '  HOT' : ''}${game.new ? '  NEW' : ''}`;
}

function describeMatches(matches: TOperatorHotMatch[]): string {
  if (matches.length === 0) return 'No hot matches.';
  return matches
    .map(
      (match) =>
        `#${match.id}  ${match.active ? 'shown ' : 'hidden'}  ${match.matchTime}  ${match.league}: ${match.homeTeam} vs ${match.awayTeam}  (${match.vendor} room ${match.roomId})${match.rollsForward ? '  demo, rolls forward' : ''}`,
    )
    .join('\n');
}

const renderMatch = (value: unknown) => describeMatches([value as TOperatorHotMatch]);
const renderCockfight = (value: unknown) => `Cockfight: ${(value as TGameSettings).cockfightEnabled ? 'on' : 'off'}`;

export const gameCommands: readonly OperatorCommand[] = [
  {
    name: 'games vendors',
    help: [
      "games vendors                          Game vendors in the merchant's order: on/off, hot, new, minimum bet",
    ],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(GAME_API_PATHS.operatorVendors),
      render: (value) => describeVendors((value as { list: TOperatorVendor[] }).list),
    }),
  },
  {
    name: 'games vendor',
    help: [
      'games vendor CODE NAME=VALUE …         Change one: enabled=on|off hot=on|off new=on|off sortOrder=N',
      "                                       minBet=0.05 (pesos; the floor under its games' minimum bets)",
    ],
    request: ({ args, merchantPath }) => {
      const [code, ...assignments] = args;
      if (!code) throw new UsageError('Give the vendor code (see `games vendors`), e.g. games vendor ALON hot=on');
      return {
        method: 'PATCH',
        path: merchantPath(GAME_API_PATHS.operatorVendor).replace(':vendorCode', encodeURIComponent(code)),
        body: catalogueBody(assignments),
        render: (value) => describeVendors([value as TOperatorVendor]),
      };
    },
  },
  {
    name: 'games list',
    help: [
      'games list [vendor=V] [type=T] [name=PREFIX] [--page N]',
      '                                       Games (50 a page), enabled or not',
    ],
    request: ({ args, options, merchantPath }) => {
      const filters = assignmentsOf(args, ['vendor', 'type', 'name']);
      const query = new URLSearchParams();
      if (filters.vendor) query.set('vendor', filters.vendor);
      if (filters.type) query.set('gameType', filters.type.toUpperCase());
      if (filters.name) query.set('name', filters.name);
      if (options.page) query.set('page', options.page);
      return {
        method: 'GET',
        path: `${merchantPath(GAME_API_PATHS.operatorGames)}${queryString(query)}`,
        render: (value) => describePage(value as TOperatorGames, describeGame, 'No games.'),
      };
    },
  },
  {
    name: 'games set',
    help: [
      'games set CODE NAME=VALUE …            Change a game: enabled, hot, new, sortOrder, minBet (as for a vendor)',
    ],
    request: ({ args, merchantPath }) => {
      const [code, ...assignments] = args;
      if (!code) throw new UsageError('Give the game code (see `games list`), e.g. games set ALON-RNG-001 enabled=off');
      return {
        method: 'PATCH',
        path: merchantPath(GAME_API_PATHS.operatorGame).replace(':gameCode', encodeURIComponent(code)),
        body: catalogueBody(assignments),
        render: (value) => describeGame(value as TOperatorGame),
      };
    },
  },
  {
    name: 'games cockfight',
    help: [
      'games cockfight [on|off]               Show or switch the cockfight category (off unless the law allows it)',
    ],
    request: ({ args, merchantPath }) => {
      if (args[0] === undefined)
        return { method: 'GET', path: merchantPath(GAME_API_PATHS.operatorGameSettings), render: renderCockfight };
      const [, enabled] = parseSwitch(`cockfight=${args[0]}`);
      return {
        method: 'PATCH',
        path: merchantPath(GAME_API_PATHS.operatorGameSettings),
        body: { cockfightEnabled: enabled },
        render: renderCockfight,
      };
    },
  },
  {
    name: 'games matches',
    help: ['games matches                          Hot matches, past or upcoming, shown or hidden'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(GAME_API_PATHS.operatorHotMatches),
      render: (value) => describeMatches((value as TOperatorHotMatches).list),
    }),
  },
  {
    name: 'games match-add',
    help: [
      'games match-add league=… home=… away=… time=ISO-8601 game=CODE room=ID',
      '                                       Add a hot match launching a SPORTS or ESPORTS game',
    ],
    request: ({ args, merchantPath }) => {
      const fields = assignmentsOf(args, ['league', 'home', 'away', 'time', 'game', 'room']);
      const body = {
        league: fields.league,
        homeTeam: fields.home,
        awayTeam: fields.away,
        matchTime: fields.time,
        gameCode: fields.game,
        roomId: fields.room,
      };
      return { method: 'POST', path: merchantPath(GAME_API_PATHS.operatorHotMatches), body, render: renderMatch };
    },
  },
  {
    name: 'games match',
    help: ['games match ID NAME=VALUE …            Change one: league, home, away, time, sortOrder, active=on|off'],
    request: ({ args, merchantPath }) => {
      const [id, ...assignments] = args;
      if (!id || !/^\d{1,9}$/.test(id))
        throw new UsageError('Give the match id (see `games matches`), e.g. games match 4 active=off');
      return {
        method: 'PATCH',
        path: merchantPath(GAME_API_PATHS.operatorHotMatch).replace(':id', id),
        body: matchBody(assignments),
        render: renderMatch,
      };
    },
  },
];
