import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { createLogger } from './platform/logger';
import { prepareDatabase } from './prepare-database';

function printGeneratedToken(token: string): void {
  const lines = [
    'Operator token (shown once — it is stored only as a hash):',
    '',
    `  ${token}`,
    '',
    'Use it with the admin command line, for example:',
    `  PALARO_OPERATOR_TOKEN=${token} npm run admin -- show`,
    'or set OPERATOR_TOKEN for the server to register a token of your choice.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  process.stdout.write(`\n${border}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${border}\n\n`);
}

async function start(config: AppConfig): Promise<void> {
  const logger = createLogger(config);
  const database = await openDatabase({ ...config, log: logger });
  const { generatedToken } = await prepareDatabase(database, config.operatorToken);
  if (generatedToken) printGeneratedToken(generatedToken);

  // The platform context (Redis counters when REDIS_URL is set, the HTTP SMS gateway when
  // SMS_HTTP_URL is set, the outbox otherwise) is created by buildApp and closed with the app.
  const app = await buildApp({ config, db: database, logger, platform: { keyPrefix: 'palaro:rl:' } });

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  }
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, webDist: config.webDist }, 'Palaro server ready');
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

start(config).catch((error: unknown) => {
  console.error('Palaro server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
