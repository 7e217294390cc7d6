import { parseArgs } from 'node:util';
import { API_PATHS } from '@palaro/contract';
import { success, ZOutboxList } from '@palaro/contract/schemas';

/**
 * `npm run outbox [-- --url http://127.0.0.1:3000 --limit 5]`: prints the latest SMS and e-mails
 * the server's outbox providers wrote, so a local user can read verification codes and reset links.
 * The server answers GET /dev/outbox only outside production, with the messages of the merchant its
 * host names (127.0.0.1 and localhost are the demo merchant; pass --url with another merchant's domain).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
      limit: { type: 'string', default: '10' },
    },
  });
  const limit = Number(values.limit);
  let response: Response;
  try {
    response = await fetch(new URL(API_PATHS.devOutbox, values.url));
  } catch {
    throw new Error(`No server answers at ${values.url}: start it with npm start (or pass --url).`);
  }
  if (response.status === 404) throw new Error('The server has no outbox page: it runs with NODE_ENV=production.');
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
  const { list } = success(ZOutboxList).parse(await response.json()).value;
  if (list.length === 0) {
    process.stdout.write('The outbox is empty.\n');
    return;
  }
  for (const message of list.slice(0, Number.isInteger(limit) && limit > 0 ? limit : 10)) {
    const subject = message.subject ? ` — ${message.subject}` : '';
    process.stdout.write(
      `${message.createdAt}  ${message.channel.toUpperCase()} to ${message.to}${subject}\n  ${message.body.replaceAll('\n', '\n  ')}\n\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
