import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INBOX_API_PATHS } from '@palaro/contract';
import {
  success,
  ZInboxMessage,
  ZInboxMessageParams,
  ZInboxPage,
  ZInboxPageQuery,
  ZInboxReadQuery,
  ZInboxUnread,
} from '@palaro/contract/schemas';
import { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, SERIALIZED_AS_BUILT } from '../../platform/http/envelope';
import { createMemberGuard } from '../accounts/guard';
import * as inbox from './service';

export const INBOX_TAG = {
  name: 'inbox',
  description: 'The member’s messages: system notices and the merchant’s messages, read state, the unread count',
};

export function inboxRoutes(platform: PlatformContext) {
  const { db } = platform;
  const guard = createMemberGuard(platform);

  return async function registerInboxRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [INBOX_TAG.name];
    const failures = FAILURE_RESPONSES;

    routes.get(
      INBOX_API_PATHS.inboxMessages,
      {
        ...SERIALIZED_AS_BUILT,
        schema: {
          tags,
          summary: 'The member’s messages, newest first, page by page, in the reader’s language',
          querystring: ZInboxPageQuery,
          response: { 200: success(ZInboxPage), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await inbox.inboxPage(db, ctx.merchant, auth.member, request.query));
      },
    );

    routes.get(
      INBOX_API_PATHS.inboxMessage,
      {
        schema: {
          tags,
          summary: 'One message, its body as sanitised rich text; marks it read',
          params: ZInboxMessageParams,
          querystring: ZInboxReadQuery,
          response: { 200: success(ZInboxMessage), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(
          await inbox.readMessage(db, ctx.merchant, auth.member, request.params.id, request.query.language, ctx.now()),
        );
      },
    );

    routes.delete(
      INBOX_API_PATHS.inboxMessage,
      {
        schema: {
          tags,
          summary: 'Deletes a message from the member’s inbox',
          params: ZInboxMessageParams,
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        await inbox.deleteMessage(db, auth.member, request.params.id, ctx.now());
        return ok(null);
      },
    );

    routes.post(
      INBOX_API_PATHS.inboxReadAll,
      {
        schema: {
          tags,
          summary: 'Marks every message read; answers how many were unread',
          response: { 200: success(z.number().int().nonnegative()), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await guard.requireMember(request);
        return ok(await inbox.readAll(db, auth.member, ctx.now()));
      },
    );

    routes.get(
      INBOX_API_PATHS.inboxUnread,
      {
        ...SERIALIZED_AS_BUILT,
        schema: {
          tags,
          summary: 'INBOX3: the unread count (kept in memory, current across replicas)',
          response: { 200: success(ZInboxUnread), ...failures },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await inbox.unreadCount(db, auth.member));
      },
    );
  };
}
