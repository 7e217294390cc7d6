import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '@palaro/contract';
import { success, ZAnnouncementQuery, ZAnnouncements, ZNoticePage, ZNoticeQuery } from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { AppDeps } from '../../platform/http/context';
import { merchantOf } from '../site/routes';
import * as contentService from './service';

export function contentRoutes(deps: AppDeps) {
  return async function registerContentRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      API_PATHS.announcements,
      {
        schema: {
          tags: ['content'],
          summary: 'Banners, notices, pop-ups, hot and agent announcements of the given types',
          querystring: ZAnnouncementQuery,
          response: { 200: success(ZAnnouncements), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await contentService.listAnnouncements(deps.db.db, await merchantOf(request, deps), request.query)),
    );

    routes.get(
      API_PATHS.notices,
      {
        schema: {
          tags: ['content'],
          summary: 'Player notices (type PL), newest first, page by page',
          querystring: ZNoticeQuery,
          response: { 200: success(ZNoticePage), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(await contentService.listNotices(deps.db.db, await merchantOf(request, deps), request.query)),
    );
  };
}
