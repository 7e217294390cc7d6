import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import {
  success,
  ZIdParams,
  ZOperatorDecision,
  ZOperatorOrderParams,
  ZOperatorWithdrawal,
  ZOperatorWithdrawalQuery,
  ZOperatorWithdrawals,
  ZPayoutAccount,
  ZPayoutAccountRequest,
  ZPayoutAccounts,
  ZWithdrawal,
  ZWithdrawInfo,
  ZWithdrawReport,
  ZWithdrawReportQuery,
  ZWithdrawRequest,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import type { RoutePlugin } from '../../platform/module';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { createMemberGuard } from '../accounts/guard';
import { bindPayoutAccount, listPayoutAccounts, removePayoutAccount } from './payout-accounts';
import {
  decideWithdrawal,
  operatorWithdrawals,
  rejectionNote,
  submitWithdrawal,
  withdrawInfo,
  withdrawReport,
} from './service';

const failures = FAILURE_RESPONSES;

/** The member's payout accounts and withdrawals. */
export const WITHDRAWALS_TAG = {
  name: 'withdrawals',
  description: 'Payout accounts, withdrawals and the operator’s decisions',
};

export function withdrawalRoutes(platform: PlatformContext) {
  const { db } = platform;
  const guard = createMemberGuard(platform);

  return async function registerWithdrawalRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [WITHDRAWALS_TAG.name];

    routes.get(
      API_PATHS.payoutAccounts,
      {
        schema: {
          tags,
          summary: 'The member’s payout accounts (numbers masked) and how many may be bound',
          response: { 200: success(ZPayoutAccounts), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await listPayoutAccounts(db, ctx.merchant.id, auth.member));
      },
    );

    routes.post(
      API_PATHS.payoutAccounts,
      {
        schema: {
          tags,
          summary: 'Bind a bank, GCash or Maya account (needs the payment password)',
          body: ZPayoutAccountRequest,
          response: { 200: success(ZPayoutAccount), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await bindPayoutAccount(ctx, auth.member, request.body));
      },
    );

    routes.delete(
      API_PATHS.payoutAccount,
      {
        schema: {
          tags,
          summary: 'Remove a payout account',
          params: ZIdParams,
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        await removePayoutAccount(db, ctx.merchant.id, auth.member, request.params.id);
        return ok(null);
      },
    );

    routes.get(
      API_PATHS.withdrawInfo,
      {
        schema: {
          tags,
          summary:
            'What the withdraw page needs: balance, limits and what is used of them today, turnover left, payout accounts',
          response: { 200: success(ZWithdrawInfo), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await withdrawInfo(db, ctx.merchant, auth.member, ctx.now()));
      },
    );

    routes.post(
      API_PATHS.withdrawals,
      {
        schema: {
          tags,
          summary: `Ask for a withdrawal (${IDEMPOTENCY_HEADER} header): the amount is held until an operator decides`,
          body: ZWithdrawRequest,
          response: { 200: success(ZWithdrawal), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await submitWithdrawal(ctx, auth.member, request.body, idempotencyKeyOf(request)));
      },
    );

    routes.get(
      API_PATHS.withdrawals,
      {
        schema: {
          tags,
          summary: 'Withdraw report: by status and day range, with paid and pending totals',
          querystring: ZWithdrawReportQuery,
          response: { 200: success(ZWithdrawReport), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await withdrawReport(db, ctx.merchant, auth.member.id, request.query, ctx.now()));
      },
    );
  };
}

/** The operator's withdrawal queue and decisions, inside the operator plugin (token check and audit actor). */
export function operatorWithdrawalRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const decided = { 200: success(ZOperatorWithdrawal), ...failures };

    routes.get(
      API_PATHS.operatorWithdrawals,
      {
        schema: {
          ...common,
          summary: 'A merchant’s withdrawals, newest first, by status',
          params: ZOperatorOrderParams.pick({ merchantCode: true }),
          querystring: ZOperatorWithdrawalQuery,
          response: { 200: success(ZOperatorWithdrawals), ...failures },
        },
      },
      async (request) => ok(await operatorWithdrawals(db, request.params.merchantCode, request.query)),
    );

    routes.post(
      API_PATHS.operatorWithdrawalApprove,
      {
        schema: {
          ...common,
          summary: 'Mark a pending withdrawal paid',
          params: ZOperatorOrderParams,
          body: ZOperatorDecision.nullish(),
          response: decided,
        },
      },
      async (request) =>
        ok(
          await decideWithdrawal(db, {
            ...request.params,
            status: 'paid',
            note: request.body?.note?.trim() || null,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );

    routes.post(
      API_PATHS.operatorWithdrawalReject,
      {
        schema: {
          ...common,
          summary: 'Reject a pending withdrawal (with the reason): the amount goes back to the wallet',
          params: ZOperatorOrderParams,
          body: ZOperatorDecision,
          response: decided,
        },
      },
      async (request) =>
        ok(
          await decideWithdrawal(db, {
            ...request.params,
            status: 'rejected',
            note: rejectionNote(request.body.note),
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );
  };
}
