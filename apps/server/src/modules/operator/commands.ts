import {
  API_PATHS,
  PROMOTION_SWITCHES,
  WHITELABEL_FLAGS,
  type TOperatorCredential,
  type TOperatorCredentialCreated,
  type TOperatorCredentials,
  type TOperatorMerchantState,
} from '@palaro/contract';
import { UsageError, parseSwitch, splitList, type OperatorCommand, type OperatorRequest } from '../../admin/command';

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
    else
      throw new UsageError(
        `Unknown flag "${name}". Known: ${[...WHITELABEL_FLAGS, ...PROMOTION_SWITCHES, 'vip.display', 'vip.benefits'].join(', ')}`,
      );
  }
  return { whitelabel, promotions, vip };
}

function describeState(state: TOperatorMerchantState): string {
  const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');
  const listOf = (entries: Record<string, boolean>, enabled: boolean) =>
    Object.entries(entries)
      .filter(([, value]) => value === enabled)
      .map(([name]) => name)
      .sort()
      .join(', ') || '—';
  return [
    `Merchant ${state.merchantCode}`,
    `  Maintenance:        ${onOff(state.maintenance.enabled)}${state.maintenance.message ? ` — "${state.maintenance.message}"` : ''}${state.maintenance.until ? ` until ${state.maintenance.until}` : ''}`,
    `  Denied countries:   ${state.region.deniedCountries.join(', ') || '—'}`,
    `  Denied IP ranges:   ${state.region.deniedIpRanges.join(', ') || '—'}`,
    `  Flags on:           ${listOf(state.whitelabel, true)}`,
    `  Flags off:          ${listOf(state.whitelabel, false)}`,
    `  Promotions:         ${
      Object.entries(state.promotions)
        .map(([name, value]) => `${name} ${onOff(value)}`)
        .join(', ') || '—'
    }`,
    `  VIP:                display ${onOff(state.vip.display)}, benefits ${onOff(state.vip.benefits)}`,
  ].join('\n');
}

/** Every site command answers the merchant's whole state. */
const showingState = (request: Omit<OperatorRequest, 'render'>): OperatorRequest => ({
  ...request,
  render: (value) => describeState(value as TOperatorMerchantState),
});

export const merchantCommands: readonly OperatorCommand[] = [
  {
    name: 'show',
    help: ['show                                   Show maintenance, region and flags of the merchant'],
    request: ({ merchantPath }) => showingState({ method: 'GET', path: merchantPath(API_PATHS.operatorMerchant) }),
  },
  {
    name: 'maintenance on',
    help: [
      'maintenance on [--message "…"] [--until ISO-8601]',
      '                                       --until must be in the future; maintenance ends by itself then',
    ],
    request: ({ options, merchantPath }) =>
      showingState({
        method: 'PUT',
        path: merchantPath(API_PATHS.operatorMaintenance),
        body: {
          enabled: true,
          ...(options.message !== undefined && { message: options.message }),
          ...(options.until !== undefined && { until: options.until }),
        },
      }),
  },
  {
    name: 'maintenance off',
    help: ['maintenance off'],
    request: ({ merchantPath }) =>
      showingState({ method: 'PUT', path: merchantPath(API_PATHS.operatorMaintenance), body: { enabled: false } }),
  },
  {
    name: 'flags set',
    help: ['flags set FLAG=on|off …                Whitelabel flags, REFERRAL, MISSION, vip.display, vip.benefits'],
    request: ({ args, merchantPath }) =>
      showingState({ method: 'PATCH', path: merchantPath(API_PATHS.operatorFlags), body: flagsBody(args) }),
  },
  {
    name: 'region deny-countries',
    help: ['region deny-countries XX,YY            Replace the denied countries (ISO alpha-2)'],
    request: ({ args, merchantPath }) =>
      showingState({
        method: 'PUT',
        path: merchantPath(API_PATHS.operatorRegion),
        body: { deniedCountries: splitList(args[0], 'country codes').map((code) => code.toUpperCase()) },
      }),
  },
  {
    name: 'region deny-ips',
    help: ['region deny-ips CIDR,CIDR              Replace the denied IP ranges'],
    request: ({ args, merchantPath }) =>
      showingState({
        method: 'PUT',
        path: merchantPath(API_PATHS.operatorRegion),
        body: { deniedIpRanges: splitList(args[0], 'IP ranges') },
      }),
  },
  {
    name: 'region clear',
    help: ['region clear                           Remove every region restriction'],
    request: ({ merchantPath }) =>
      showingState({
        method: 'PUT',
        path: merchantPath(API_PATHS.operatorRegion),
        body: { deniedCountries: [], deniedIpRanges: [] },
      }),
  },
];

const describeCredential = (credential: TOperatorCredential) =>
  `  ${String(credential.id).padStart(4)}  ${credential.label.padEnd(24)}  created ${credential.createdAt}${credential.revokedAt ? `  REVOKED ${credential.revokedAt}` : ''}`;

function credentialIdOf(value: string | undefined): string {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value))
    throw new UsageError('Give the id of the operator token (see: operators list)');
  return value;
}

/** The operator tokens themselves (a token is shown once, at creation; the list shows labels, never tokens). */
export const operatorCredentialCommands: readonly OperatorCommand[] = [
  {
    name: 'operators list',
    help: ['operators list                         The operator tokens: id, label, created, revoked'],
    request: () => ({
      method: 'GET',
      path: API_PATHS.operatorCredentials,
      render: (value) =>
        ['Operator tokens', ...(value as TOperatorCredentials).list.map(describeCredential)].join('\n'),
    }),
  },
  {
    name: 'operators create',
    help: [
      'operators create [--label "…"]         A new operator token (shown this once); label default "Operator <id>"',
    ],
    request: ({ options }) => ({
      method: 'POST',
      path: API_PATHS.operatorCredentials,
      body: options.label === undefined ? {} : { label: options.label },
      render: (value) => {
        const created = value as TOperatorCredentialCreated;
        return `${describeCredential(created)}\n  Token (shown only now): ${created.token}`;
      },
    }),
  },
  {
    name: 'operators revoke',
    help: ['operators revoke ID                    Revoke an operator token: refused from its next request on'],
    request: ({ args }) => ({
      method: 'POST',
      path: API_PATHS.operatorCredentialRevoke.replace(':id', credentialIdOf(args[0])),
      body: {},
      render: (value) => describeCredential(value as TOperatorCredential),
    }),
  },
];
