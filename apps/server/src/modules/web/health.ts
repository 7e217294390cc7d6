import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '@palaro/contract';
import { success, ZHealth } from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { AppDeps } from '../../platform/http/context';

const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function healthRoutes(deps: AppDeps) {
  return async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      API_PATHS.health,
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { ...FAILURE_RESPONSES, 200: success(ZHealth), 503: success(ZHealth) },
        },
      },
      async (request, reply) => {
        let databaseReachable = true;
        try {
          await deps.db.db.execute(sql`select 1`);
        } catch (error) {
          request.log.error({ err: error }, 'health check could not reach the database');
          databaseReachable = false;
        }
        // A degraded instance still answers its body, with a status load balancers act on.
        if (!databaseReachable) reply.code(503);
        return ok({
          status: databaseReachable ? 'ok' : 'degraded',
          database: deps.db.kind,
          uptimeSeconds: Math.round(process.uptime()),
          version: SERVER_VERSION,
        } as const);
      },
    );
  };
}
