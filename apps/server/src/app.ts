import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@palaro/contract';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './platform/http/context';
import { answerClientError, failure, installErrorHandling } from './platform/http/envelope';
import { installStorableTextRule } from './platform/http/storable-text';
import { allowInlineStyles, installSecurityHeaders } from './platform/http/security-headers';
import { createLogger, type Logger } from './platform/logger';
import { installPlayerAccessGate, siteRoutes } from './modules/site/routes';
import { contentRoutes } from './modules/content/routes';
import { operatorRoutes } from './modules/operator/routes';
import { endLapsedMaintenance } from './modules/operator/service';
import { healthRoutes } from './modules/web/health';
import { webRoutes } from './modules/web/routes';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsRuntime, type AccountsOptions } from './modules/accounts/runtime';
import { createMemberGuard } from './modules/accounts/guard';
import { BalancePush } from './modules/wallet/balance-push';
import { walletRoutes } from './modules/wallet/routes';
import { walletOperatorRoutes } from './modules/wallet/operator-routes';
import { turnoverOperatorRoutes } from './modules/wallet/turnover-operator-routes';
import { purgeExpiredIdempotencyKeys } from './modules/wallet/idempotency';
import { installPeriodicTask } from './platform/periodic';
import { gatewayRegistry } from './modules/deposits/gateway';
import { depositOperatorRoutes, depositRoutes, installDepositExpirySweep } from './modules/deposits/routes';
import { sandboxGateway, sandboxGatewayRoutes } from './modules/deposits/sandbox-gateway';
import { operatorWithdrawalRoutes, withdrawalRoutes } from './modules/withdrawals/routes';
import { transferRoutes } from './modules/transfers/routes';

/** Old idempotency keys are forgotten hourly. */
const IDEMPOTENCY_PURGE_MS = 60 * 60_000;
/**
 * How often a maintenance past its end is written down as over. Readers already treat it as over
 * the moment it ends; the sweep only brings the stored row (and the audit log) in line.
 */
const MAINTENANCE_SWEEP_MS = 60_000;

export interface AppOptions extends AppDeps {
  /** Rate-limit key prefix and replacements for the accounts runtime (tests inject a clock). */
  accounts?: AccountsOptions;
  /** The process's logger, shared with the database (main.ts); made from the config otherwise. */
  logger?: Logger;
}

/**
 * Errors the router raises before any route runs (a malformed percent-encoding in the path, say)
 * get the same envelope as every other bad request.
 */
function answerMalformedAddress(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send(failure(ERROR_CODES.validation, 'The address is not valid'));
}

/** The whole HTTP application, without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: deps.logger ?? createLogger(deps.config),
    trustProxy: deps.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerMalformedAddress,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, app.log),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installStorableTextRule(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await installSecurityHeaders(app, deps.config);

  // Players load the app over mobile data: text answers (scripts, styles, SVG, JSON) go out
  // compressed when the browser accepts it; small bodies are not worth the CPU.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (quality 11) costs tens of milliseconds per script on every request;
    // quality 5 keeps most of the saving at a fraction of the CPU.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Palaro API',
        description: 'Player API (/wps, /lgw) and operator API (/ops). Every response is an envelope: {success:true,value} or {success:false,errorCode,message,value?}.',
        version: '0.1.0',
      },
      components: { securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer' } } },
      tags: [
        { name: 'site', description: 'Start-up and merchant settings' },
        { name: 'content', description: 'Announcements and notices' },
        { name: 'accounts', description: 'Sign-in, registration, passwords, member centre and security centre' },
        { name: 'wallet', description: 'Balance, live balance events, account records, profit and loss, turnover' },
        { name: 'operator', description: 'Operator controls (bearer token)' },
        { name: 'system', description: 'Health' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: allowInlineStyles });

  const accounts = createAccountsRuntime(deps.db.db, deps.config, app.log, deps.accounts);
  // The app owns the counters it created (a Redis connection): closing the app closes them.
  app.addHook('onClose', async () => {
    if (!deps.accounts?.overrides?.limiter) await accounts.limiter.close();
  });
  installPlayerAccessGate(app, deps, accounts.now);
  await app.register(healthRoutes(deps));
  await app.register(siteRoutes(deps, accounts.now));
  await app.register(contentRoutes(deps));
  const guard = createMemberGuard(deps, accounts);
  await app.register(accountsRoutes(deps, accounts, guard));
  const balancePush = new BalancePush(deps.db, app.log);
  await balancePush.start();
  app.addHook('onClose', () => balancePush.close());
  await app.register(walletRoutes(deps, guard, balancePush));
  installPeriodicTask(app, 'idempotency key purge', IDEMPOTENCY_PURGE_MS, () => purgeExpiredIdempotencyKeys(deps.db.db, accounts.now()));
  const deposits = { gateways: gatewayRegistry(deps.config.paymentSandbox ? [sandboxGateway] : []), now: accounts.now };
  await app.register(depositRoutes(deps, guard, deposits));
  if (deps.config.paymentSandbox) await app.register(sandboxGatewayRoutes(deps.db.db, accounts.now));
  installDepositExpirySweep(app, deps.db.db, accounts.now);
  await app.register(withdrawalRoutes(deps, guard));
  await app.register(transferRoutes(deps, guard));
  await app.register(operatorRoutes(deps, { limiter: accounts.limiter, now: accounts.now }, [
    walletOperatorRoutes(deps), operatorWithdrawalRoutes(deps), depositOperatorRoutes(deps, deposits), turnoverOperatorRoutes(deps, accounts.now),
  ]));
  installPeriodicTask(app, 'maintenance end', MAINTENANCE_SWEEP_MS, () => endLapsedMaintenance(deps.db.db, accounts.now()));
  await app.register(webRoutes(deps));
  return app;
}
