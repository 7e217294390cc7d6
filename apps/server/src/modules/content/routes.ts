import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  CONTENT_API_PATHS,
  type TAgreementQuery,
  type TAnnouncementQuery,
  type THelpQuery,
  type TNoticeQuery,
} from '@palaro/contract';
import {
  success,
  ZAgreementQuery,
  ZAnnouncementQuery,
  ZAnnouncements,
  ZHelpCentre,
  ZHelpQuery,
  ZNoticePage,
  ZNoticeQuery,
  ZServiceVersion,
  ZUserAgreement,
} from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import type { PlatformContext } from '../../platform/context';
import { keptBodyAnswer, publicReadHandler, requestMerchant, type AlwaysPublicRead } from '../site/public-read-lane';
import * as pages from './pages';
import * as contentService from './service';

export const CONTENT_TAG = {
  name: 'content',
  description: 'Announcements, notices, the help centre, the user agreement and the service version',
};

export function contentRoutes(platform: PlatformContext) {
  const readAnnouncements: AlwaysPublicRead<TAnnouncementQuery> = (merchant, query) =>
    keptBodyAnswer(contentService.announcementsBody(platform.db, merchant.row, query, platform.now()));
  const readNotices: AlwaysPublicRead<TNoticeQuery> = (merchant, query) =>
    keptBodyAnswer(contentService.noticesBody(platform.db, merchant.row, query, platform.now()));

  const readHelp: AlwaysPublicRead<THelpQuery> = (merchant, query) =>
    keptBodyAnswer(pages.helpBody(platform.db, merchant.row, query, platform.now()));
  const readAgreement: AlwaysPublicRead<TAgreementQuery> = (merchant, query) =>
    keptBodyAnswer(pages.agreementBody(platform.db, merchant.row, query, platform.now()));

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

    routes.get(
      CONTENT_API_PATHS.help,
      {
        schema: {
          tags: [CONTENT_TAG.name],
          summary: 'The help centre (COMM3): categories and their articles, rich text in the reader’s language',
          querystring: ZHelpQuery,
          response: { 200: success(ZHelpCentre), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readHelp },
      },
      publicReadHandler(platform, readHelp),
    );

    routes.get(
      CONTENT_API_PATHS.userAgreement,
      {
        schema: {
          tags: [CONTENT_TAG.name],
          summary: 'The merchant’s user agreement now in force (null when none is published), with its version',
          querystring: ZAgreementQuery,
          response: { 200: success(ZUserAgreement), ...FAILURE_RESPONSES },
        },
        config: { publicRead: readAgreement },
      },
      publicReadHandler(platform, readAgreement),
    );

    routes.get(
      CONTENT_API_PATHS.serviceVersion,
      {
        schema: {
          tags: [CONTENT_TAG.name],
          summary: 'The service version: the build, the addresses it answers on, the app downloads',
          response: { 200: success(ZServiceVersion), ...FAILURE_RESPONSES },
        },
      },
      async (request) => ok(pages.serviceVersion((await requestMerchant(platform, request)).row)),
    );
  };
}
