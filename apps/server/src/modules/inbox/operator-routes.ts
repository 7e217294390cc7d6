import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INBOX_API_PATHS } from '@palaro/contract';
import { success, ZOperatorInboxSend, ZOperatorInboxSent } from '@palaro/contract/schemas';
import { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, OPERATOR_ROUTE, ok } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { sendOperatorMessage } from './service';

/** The operator's sending of messages, inside the operator plugin (its token check and audit actor). */
export function inboxOperatorRoutes(platform: PlatformContext): RoutePlugin {
  return (app) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      INBOX_API_PATHS.operatorInboxMessages,
      {
        schema: {
          ...OPERATOR_ROUTE,
          summary: 'Send a message to one member, a VIP level, a member type or all members (one row, audited)',
          params: z.object({ merchantCode: z.string().max(64) }),
          body: ZOperatorInboxSend,
          response: { 200: success(ZOperatorInboxSent), ...FAILURE_RESPONSES },
        },
      },
      async (request) =>
        ok(
          await sendOperatorMessage(platform.db, {
            ...request.body,
            merchantCode: request.params.merchantCode,
            actor: request.operatorActor,
          }),
        ),
    );
  };
}
