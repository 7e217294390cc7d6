import { parseArgs } from 'node:util';
import { operatorPath } from '@palaro/contract';
import { operatorCommands } from '../modules/operator-commands';
import { UsageError, type CommandOptions, type OperatorRequest } from './command';

const HELP = `Palaro operator command line

Usage: npm run admin -- <command> [options]

Commands:
${operatorCommands
  .flatMap((command) => command.help)
  .map((line) => `  ${line}`)
  .join('\n')}

Options:
  --merchant CODE   merchant code (default PALARO)
  --url URL         server address (default http://127.0.0.1:$PORT or :3000)
  --token TOKEN     operator token (default: environment PALARO_OPERATOR_TOKEN)
  --help            show this text

Exit codes: 0 done, 1 the server refused or failed, 2 wrong usage, 3 server unreachable.`;

class ServerUnreachableError extends Error {}
class ServerRefusedError extends Error {}

/** Finds the command the words name and turns the rest into the one API call it stands for. */
function requestFor(positionals: string[], options: CommandOptions, merchant: string): OperatorRequest {
  const [command, sub] = positionals;
  const name = `${command ?? ''} ${sub ?? ''}`.trim();
  const found = operatorCommands.find((candidate) => candidate.name === name);
  if (!found) {
    // A group's word alone (`lottery`) or with a wrong sub-command: name the group's commands.
    const group = operatorCommands.filter((candidate) => candidate.name.split(' ')[0] === command);
    const known =
      group.length > 0
        ? `\n${command} commands:\n${group
            .flatMap((candidate) => candidate.help)
            .map((line) => `  ${line}`)
            .join('\n')}`
        : '';
    throw new UsageError(
      positionals.length === 0 ? 'Give a command' : `Unknown command "${positionals.join(' ')}"${known}`,
    );
  }
  return found.request({
    args: positionals.slice(name.split(' ').length),
    options,
    merchantPath: (template) => operatorPath(template, merchant),
  });
}

interface Envelope {
  success: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

async function call(baseUrl: string, token: string, request: OperatorRequest): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(new URL(request.path, baseUrl), {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ServerUnreachableError(
      `Cannot reach the server at ${baseUrl} (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}). Is it running?`,
    );
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!envelope)
    throw new ServerRefusedError(
      `The server answered ${response.status} without a JSON body — is ${baseUrl} the Palaro server?`,
    );
  if (!envelope.success) {
    const fields = (envelope.value as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
    // A field's message the main message already says is not repeated.
    const detail = fields
      .filter((field) => !envelope.message?.includes(field.message))
      .map((field) => `\n  ${field.field}: ${field.message}`)
      .join('');
    const hint = response.status === 401 ? '\n  Check PALARO_OPERATOR_TOKEN or --token.' : '';
    throw new ServerRefusedError(
      `Refused (${response.status} ${envelope.errorCode}): ${envelope.message}${detail}${hint}`,
    );
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
      'grace-minutes': { type: 'string' },
      label: { type: 'string' },
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
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
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
