import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

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
  const listen = (port: number) => new Promise<number>((resolve) => {
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
