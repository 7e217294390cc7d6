import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import { success, ZUplineTransferInfo, ZUplineTransferRequest, ZUplineTransferResult } from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { createMemberGuard } from '../accounts/guard';
import { transferToUpline, uplineTransferInfo } from './service';

export const TRANSFERS_TAG = { name: 'transfers', description: 'Transfers to the upline' };

export function transferRoutes(platform: PlatformContext) {
  const { db } = platform;
  const guard = createMemberGuard(platform);

  return async function registerTransferRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [TRANSFERS_TAG.name];
    const failures = FAILURE_RESPONSES;

    routes.get(
      API_PATHS.uplineTransfer,
      {
        schema: {
          tags,
          summary: 'The transfer-to-upline screen: the upline (nickname or masked account), balance and limits',
          response: { 200: success(ZUplineTransferInfo), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await uplineTransferInfo(db, ctx.merchant, auth.member));
      },
    );

    routes.post(
      API_PATHS.uplineTransfer,
      {
        schema: {
          tags,
          summary: `Transfer to the upline (${IDEMPOTENCY_HEADER} header, payment password)`,
          body: ZUplineTransferRequest,
          response: { 200: success(ZUplineTransferResult), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await transferToUpline(ctx, auth.member, request.body, idempotencyKeyOf(request)));
      },
    );
  };
}
