import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZAnnouncementQuery, ZAnnouncements, ZNoticePage, ZNoticeQuery } from '@palaro/contract/schemas';
import { sendCachedBody } from '../../platform/http/cached-body';
import { FAILURE_RESPONSES } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { merchantOf } from '../site/request-context';
import * as contentService from './service';

export const CONTENT_TAG = { name: 'content', description: 'Announcements and notices' };

export function contentRoutes(platform: PlatformContext) {
  return async function registerContentRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.announcements,
      {
        schema: {
          tags: [CONTENT_TAG.name],
          summary: 'Banners, notices, pop-ups, hot and agent announcements of the given types',
          querystring: ZAnnouncementQuery,
          response: { 200: success(ZAnnouncements), ...FAILURE_RESPONSES },
        },
      },
      async (request, reply) =>
        sendCachedBody(request, reply, await contentService.announcementsBody(platform.db, await merchantOf(request, platform), request.query, platform.now())),
    );

    routes.get(
      API_PATHS.notices,
      {
        schema: {
          tags: [CONTENT_TAG.name],
          summary: 'Player notices (type PL), newest first, page by page',
          querystring: ZNoticeQuery,
          response: { 200: success(ZNoticePage), ...FAILURE_RESPONSES },
        },
      },
      async (request, reply) =>
        sendCachedBody(request, reply, await contentService.noticesBody(platform.db, await merchantOf(request, platform), request.query, platform.now())),
    );
  };
}
