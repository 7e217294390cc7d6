import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, type TAnnouncementQuery, type TNoticeQuery } from '@palaro/contract';
import { success, ZAnnouncementQuery, ZAnnouncements, ZNoticePage, ZNoticeQuery } from '@palaro/contract/schemas';
import { FAILURE_RESPONSES } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { keptBodyAnswer, publicReadHandler, type AlwaysPublicRead } from '../site/public-read-lane';
import * as contentService from './service';

export const CONTENT_TAG = { name: 'content', description: 'Announcements and notices' };

export function contentRoutes(platform: PlatformContext) {
  const readAnnouncements: AlwaysPublicRead<TAnnouncementQuery> = (merchant, query) =>
    keptBodyAnswer(contentService.announcementsBody(platform.db, merchant.row, query, platform.now()));
  const readNotices: AlwaysPublicRead<TNoticeQuery> = (merchant, query) =>
    keptBodyAnswer(contentService.noticesBody(platform.db, merchant.row, query, platform.now()));

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
        config: { publicRead: readAnnouncements },
      },
      publicReadHandler(platform, readAnnouncements),
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
        config: { publicRead: readNotices },
      },
      publicReadHandler(platform, readNotices),
    );
  };
}
