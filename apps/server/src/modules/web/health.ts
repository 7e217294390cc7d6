import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZHealth, ZLiveness } from '@palaro/contract/schemas';
import { pingDatabase } from '../../platform/db/database';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { SERVER_VERSION } from '../../platform/server-root';

export const SYSTEM_TAG = { name: 'system', description: 'Health' };

const uptimeSeconds = () => Math.round(process.uptime());

/**
 * Liveness and readiness, told apart so an orchestrator restarts a process only when the process
 * itself is stuck: a database outage makes every replica unready (take them out of rotation) but
 * not dead (restarting them would not bring the database back). `/health` answers as readiness,
 * as it always has.
 */
export function healthRoutes(platform: PlatformContext) {
  // Logged when readiness changes, not on every probe: a load balancer asks every few seconds.
  let wasReady = true;

  async function readiness(request: FastifyRequest, reply: FastifyReply) {
    let ready = true;
    try {
      await pingDatabase(platform.db);
    } catch (error) {
      ready = false;
      if (wasReady) request.log.error({ err: error }, 'not ready: the database does not answer');
    }
    if (ready && !wasReady) request.log.info('ready again: the database answers');
    wasReady = ready;
    // An unready instance still answers its body, with a status load balancers act on.
    if (!ready) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return ok({
      status: ready ? 'ok' : 'degraded',
      database: platform.database.kind,
      uptimeSeconds: uptimeSeconds(),
      version: SERVER_VERSION,
    } as const);
  }

  return async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const readinessSchema = {
      tags: [SYSTEM_TAG.name],
      response: { ...FAILURE_RESPONSES, 200: success(ZHealth), 503: success(ZHealth) },
    };
    routes.get(
      API_PATHS.healthReady,
      {
        schema: {
          ...readinessSchema,
          summary: 'Readiness: 200 while the database answers, 503 otherwise (route traffic by it)',
        },
      },
      readiness,
    );
    routes.get(API_PATHS.health, { schema: { ...readinessSchema, summary: 'Readiness, as /health/ready' } }, readiness);
    routes.get(
      API_PATHS.healthLive,
      {
        schema: {
          tags: [SYSTEM_TAG.name],
          summary: 'Liveness: 200 while the process answers, whatever its database does (restart by it)',
          response: { ...FAILURE_RESPONSES, 200: success(ZLiveness) },
        },
      },
      async () => ok({ status: 'alive', uptimeSeconds: uptimeSeconds(), version: SERVER_VERSION } as const),
    );
  };
}
