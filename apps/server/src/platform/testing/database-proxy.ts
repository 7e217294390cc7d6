import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { fromPool, type Database } from '../db/database';
import { createLogger, type Logger } from '../logger';
import { createTestDatabase, testDatabaseUrl } from './test-database';

export interface DatabaseProxy {
  /** The database URL through the proxy. */
  url: string;
  /** Refuses new connections (ECONNREFUSED), like a database that is down; open ones stay. */
  refuse(): void;
  /** Accepts connections again, on the same port. */
  accept(): Promise<void>;
  /** The next connection to send a query matching `pattern` is cut before the query reaches PostgreSQL. */
  cutOnQuery(pattern: RegExp): void;
  close(): void;
}

/** A TCP proxy in front of PostgreSQL, for tests that take the database away from a server. */
export async function databaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const connections = new Set<Socket>();
  let cutPattern: RegExp | null = null;
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          connections.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            connections.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.on('data', (chunk: Buffer) => {
          if (cutPattern?.test(chunk.toString('latin1'))) {
            cutPattern = null;
            client.destroy();
            return;
          }
          upstream.write(chunk);
        });
        upstream.pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    refuse: () => {
      server.close();
    },
    accept: async () => {
      await listen(port);
    },
    cutOnQuery: (pattern) => {
      cutPattern = pattern;
    },
    close: () => {
      for (const socket of connections) socket.destroy();
      server.close();
    },
  };
}

/** A server's database behind a proxy, for tests that take it away (a restart, an outage). */
export interface ProxiedTestDatabase {
  /** The test database reached directly: another replica, which the outage spares. */
  direct: Database;
  /** The same database through the proxy, for the server under test. */
  server: Database;
  /** The server's pool (its connections are named by the application name given). */
  serverPool: pg.Pool;
  proxy: DatabaseProxy;
  /** A connection of its own, spared too: it ends the server's connections and watches them. */
  injector: pg.Client;
  /** Ends every connection the server holds on PostgreSQL (its pool and its LISTEN). */
  terminateServerConnections(): Promise<void>;
  close(): Promise<void>;
}

export async function proxiedTestDatabase(
  applicationName: string,
  options: { max: number; connectionTimeoutMillis: number; log?: Logger },
): Promise<ProxiedTestDatabase> {
  const direct = await createTestDatabase();
  const directUrl = await testDatabaseUrl(direct);
  const proxy = await databaseProxy(directUrl);
  const serverPool = new pg.Pool({
    connectionString: proxy.url,
    max: options.max,
    application_name: applicationName,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
  });
  const server = fromPool(serverPool, { log: options.log ?? createLogger({ logLevel: 'silent' }) });
  const injector = new pg.Client({ connectionString: directUrl });
  await injector.connect();
  return {
    direct,
    server,
    serverPool,
    proxy,
    injector,
    async terminateServerConnections() {
      await injector.query(
        'select pg_terminate_backend(pid, 2000) from pg_stat_activity where datname = current_database() and application_name = $1',
        [applicationName],
      );
    },
    async close() {
      await server.close();
      proxy.close();
      await injector.end();
      await direct.close();
    },
  };
}
