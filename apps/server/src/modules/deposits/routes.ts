import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import {
  success,
  ZDepositChannels,
  ZDepositOrder,
  ZDepositRecords,
  ZDepositRecordsQuery,
  ZDepositRequest,
  ZGatewayAnswer,
  ZGatewayParams,
  ZMerchantParams,
  ZOperatorChannel,
  ZOperatorChannelParams,
  ZOperatorChannels,
  ZOperatorChannelUpdate,
  ZOperatorDecision,
  ZOperatorDeposit,
  ZOperatorDeposits,
  ZOperatorDepositsQuery,
  ZOperatorOrderParams,
  ZOrderNoParams,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import type { RoutePlugin } from '../../platform/module';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { createMemberGuard } from '../accounts/guard';
import { operatorChannels, updateChannel } from './channels';
import type { GatewayRegistry } from './gateway';
import {
  approveBankTransfer,
  depositChannels,
  depositRecords,
  handleGatewayCallback,
  memberDepositOrder,
  operatorDeposits,
  rejectBankTransfer,
  submitDeposit,
} from './service';

export const DEPOSITS_TAG = { name: 'deposits', description: 'Deposit channels and orders, payment gateways’ notices' };

const failures = FAILURE_RESPONSES;
/** Room for a receipt image (ZReceiptImage: about 2.1 MB of data URL) over the app's small default. */
const DEPOSIT_BODY_LIMIT = 2_200_000;

/** The member's deposit routes and the gateways' callback route. */
export function depositRoutes(platform: PlatformContext, gateways: GatewayRegistry) {
  const { db } = platform;
  const guard = createMemberGuard(platform);

  return async function registerDepositRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [DEPOSITS_TAG.name];

    routes.get(
      API_PATHS.depositChannels,
      {
        schema: {
          tags,
          summary: 'Deposit channels open to the member, and the turnover a deposit brings',
          response: { 200: success(ZDepositChannels), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await depositChannels(db, gateways, ctx.merchant.id, auth.member.vipLevel));
      },
    );

    routes.post(
      API_PATHS.depositOrders,
      {
        bodyLimit: DEPOSIT_BODY_LIMIT,
        schema: {
          tags,
          summary: `Open a deposit order (${IDEMPOTENCY_HEADER} header required): online channels answer the payment page, bank transfers wait for an operator`,
          body: ZDepositRequest,
          response: { 200: success(ZDepositOrder), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await submitDeposit(ctx, gateways, auth.member, request.body, idempotencyKeyOf(request)));
      },
    );

    routes.get(
      API_PATHS.depositOrders,
      {
        schema: {
          tags,
          summary: 'Deposit records: by status and day range, with the paid totals',
          querystring: ZDepositRecordsQuery,
          response: { 200: success(ZDepositRecords), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await depositRecords(db, gateways, ctx.merchant, auth.member.id, request.query, ctx.now()));
      },
    );

    routes.get(
      API_PATHS.depositOrder,
      {
        schema: {
          tags,
          summary: 'One of the member’s deposit orders',
          params: ZOrderNoParams,
          response: { 200: success(ZDepositOrder), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(
          await memberDepositOrder(db, gateways, ctx.merchant.id, auth.member.id, request.params.orderNo, ctx.now()),
        );
      },
    );

    // The signature covers the exact bytes the gateway sent, so this scope keeps JSON bodies as text.
    await app.register(async (callbackScope) => {
      callbackScope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      callbackScope.withTypeProvider<ZodTypeProvider>().post(
        API_PATHS.gatewayCallback,
        {
          schema: {
            tags,
            summary: 'A payment gateway’s signed notice (HMAC-SHA256 headers, see docs/PAYMENTS.md)',
            params: ZGatewayParams,
            response: { 200: success(ZGatewayAnswer), ...failures },
          },
        },
        async (request) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          return ok(
            await handleGatewayCallback(
              db,
              gateways,
              request.params.gateway,
              { rawBody, headers: request.headers },
              platform.now(),
            ),
          );
        },
      );
    });
  };
}

/** Operator routes for deposits, registered inside the operator plugin (its token check and audit actor). */
export function depositOperatorRoutes(platform: PlatformContext, gateways: GatewayRegistry): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const decided = { 200: success(ZOperatorDeposit), ...failures };

    routes.get(
      API_PATHS.operatorChannels,
      {
        schema: {
          ...common,
          summary: 'Every payment channel of the merchant, enabled or not',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorChannels), ...failures },
        },
      },
      async (request) => ok(await operatorChannels(db, request.params.merchantCode)),
    );

    routes.patch(
      API_PATHS.operatorChannel,
      {
        schema: {
          ...common,
          summary: 'Change a payment channel: enable, limits, fee, presets, order, VIP level, instructions',
          params: ZOperatorChannelParams,
          body: ZOperatorChannelUpdate,
          response: { 200: success(ZOperatorChannel), ...failures },
        },
      },
      async (request) =>
        ok(
          await updateChannel(db, request.params.merchantCode, request.params.id, request.body, request.operatorActor),
        ),
    );

    routes.get(
      API_PATHS.operatorDeposits,
      {
        schema: {
          ...common,
          summary: 'Deposit orders: pending first (the queue to decide), then the latest',
          params: ZMerchantParams,
          querystring: ZOperatorDepositsQuery,
          response: { 200: success(ZOperatorDeposits), ...failures },
        },
      },
      async (request) =>
        ok(await operatorDeposits(db, gateways, request.params.merchantCode, request.query, platform.now())),
    );

    routes.post(
      API_PATHS.operatorDepositApprove,
      {
        schema: {
          ...common,
          summary: 'Approve a pending bank transfer: the member is credited',
          params: ZOperatorOrderParams,
          body: ZOperatorDecision.nullish(),
          response: decided,
        },
      },
      async (request) =>
        ok(
          await approveBankTransfer(db, gateways, {
            ...request.params,
            actor: request.operatorActor,
            note: request.body?.note,
            now: platform.now(),
          }),
        ),
    );

    routes.post(
      API_PATHS.operatorDepositReject,
      {
        schema: {
          ...common,
          summary: 'Reject a pending bank transfer: nothing is credited',
          params: ZOperatorOrderParams,
          body: ZOperatorDecision.nullish(),
          response: decided,
        },
      },
      async (request) =>
        ok(
          await rejectBankTransfer(db, gateways, {
            ...request.params,
            actor: request.operatorActor,
            note: request.body?.note,
            now: platform.now(),
          }),
        ),
    );
  };
}
