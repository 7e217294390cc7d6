import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@palaro/contract';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config';
import { createPlatformContext, type PlatformOptions } from './platform/context';
import type { Database } from './platform/db/database';
import { COMPRESSION_THRESHOLD_BYTES, installDynamicCompression } from './platform/http/cached-body';
import { answerClientError, failure, installErrorHandling } from './platform/http/envelope';
import { installStorableTextRule } from './platform/http/storable-text';
import { installSameOriginRule } from './platform/http/same-origin';
import { allowInlineStyles, installSecurityHeaders, REQUEST_ID_HEADER } from './platform/http/security-headers';
import { socialSignInFromEnv } from './platform/identity-token';
import { AccessLog, createLogger, type Logger } from './platform/logger';
import type { ServerModule } from './platform/module';
import { installJobScheduler, type JobSchedulerOptions } from './platform/jobs/scheduler';
import { jobOperatorRoutes } from './platform/jobs/operator-routes';
import { serverModules } from './modules';
import { outboxMessaging } from './modules/accounts/outbox';
import { recordAudit } from './modules/audit/service';
import { operatorApi } from './modules/operator/routes';

export interface AppOptions {
  config: AppConfig;
  db: Database;
  /** Rate-limit key prefix and replacements of platform parts (tests inject a clock or counters). */
  platform?: PlatformOptions;
  /** The process's logger, shared with the database (main.ts); made from the config otherwise. */
  logger?: Logger;
  /** The product areas to serve; all of them (modules/index.ts) unless a test narrows it. */
  modules?: readonly ServerModule[];
  /** The job scheduler's timing (tests bring a clock or a short poll); the real time otherwise. */
  scheduler?: Partial<Pick<JobSchedulerOptions, 'now' | 'pollMs' | 'leaseMs' | 'shutdownGraceMs'>>;
}

/**
 * Errors the router raises before any route runs (a malformed percent-encoding in the path, say)
 * get the same envelope as every other bad request.
 */
function answerMalformedAddress(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(failure(ERROR_CODES.validation, 'The address is not valid'));
}

/** The whole HTTP application, without listening: main.ts listens, tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const modules = options.modules ?? serverModules;
  const logger = options.logger ?? createLogger(config);
  const accessLog = new AccessLog(logger);
  const app: FastifyInstance = Fastify({
    loggerInstance: logger,
    logController: accessLog,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerMalformedAddress,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, app.log),
  });
  accessLog.install(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installStorableTextRule(app);

  // Callback hooks on every answer, not async ones: an async onSend costs a promise, and leaves
  // the answer unsent when the handler's own promise settles (Fastify then waits for its end).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  installSecurityHeaders(app, config);
  installSameOriginRule(app);

  // Players load the app over mobile data: text answers (scripts, styles, SVG, JSON) go out
  // compressed when the browser accepts it; small bodies are not worth the CPU. Answers built per
  // request are compressed in place (installDynamicCompression); cached bodies carry their
  // compressed bytes; @fastify/compress handles what is left: streamed files without a .br/.gz.
  installDynamicCompression(app);
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's default (quality 11) costs tens of milliseconds per script on every request;
    // quality 5 keeps most of the saving at a fraction of the CPU.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Palaro API',
        description:
          'Player API (/wps, /lgw) and operator API (/ops). Every response is an envelope: {success:true,value} or {success:false,errorCode,message,value?}.',
        version: '0.1.0',
      },
      components: { securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer' } } },
      tags: modules.flatMap((module) => (module.openApiTag ? [module.openApiTag] : [])),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: allowInlineStyles });

  // The one scheduler runs every module's jobs, each once across replicas (platform/jobs); modules
  // enqueue through the context, so it exists before them.
  const scheduler = installJobScheduler(app, { database: options.db, log: app.log, ...options.scheduler });
  const platform = createPlatformContext(
    {
      config,
      jobs: scheduler,
      database: options.db,
      log: app.log,
      fallbackMessaging: outboxMessaging(options.db.db, app.log, config.nodeEnv !== 'production'),
      idTokens: socialSignInFromEnv(process.env),
    },
    options.platform,
  );
  // The app owns what the context created (a Redis connection): closing the app closes it.
  app.addHook('onClose', () => platform.close());

  for (const module of modules) await module.install?.(app, platform);
  for (const { routes } of modules) {
    if (routes) await app.register(async (scope) => routes(scope, platform));
  }
  scheduler.register(...modules.flatMap((module) => module.jobs?.(platform) ?? []));
  await app.register(
    operatorApi(platform, [
      ...modules.flatMap((module) => (module.operatorRoutes ? [module.operatorRoutes] : [])),
      jobOperatorRoutes({ scheduler, db: platform.db, recordAudit }),
    ]),
  );
  return app;
}
