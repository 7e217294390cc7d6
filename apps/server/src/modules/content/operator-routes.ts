import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_API_PATHS } from '@palaro/contract';
import {
  success,
  ZMerchantParams,
  ZOperatorAgreement,
  ZOperatorAgreementCreate,
  ZOperatorAgreements,
  ZOperatorAnnouncement,
  ZOperatorAnnouncementCreate,
  ZOperatorAnnouncementParams,
  ZOperatorAnnouncements,
  ZOperatorAnnouncementUpdate,
  ZOperatorHelpArticle,
  ZOperatorHelpArticleCreate,
  ZOperatorHelpArticleParams,
  ZOperatorHelpArticles,
  ZOperatorHelpArticleUpdate,
} from '@palaro/contract/schemas';
import { z } from 'zod';
import type { PlatformContext } from '../../platform/context';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import * as pages from './pages';
import * as content from './service';

/**
 * The operator's content controls, inside the operator plugin (its token check and audit actor).
 * Each change is announced on commit, so every replica's kept answers start over at once.
 */
export function contentOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;
    const failures = FAILURE_RESPONSES;

    routes.get(
      CONTENT_API_PATHS.operatorAnnouncements,
      {
        schema: {
          ...common,
          summary: 'Every announcement, scheduled, showing, expired or switched off, newest first',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorAnnouncements), ...failures },
        },
      },
      async (request) => ok(await content.operatorAnnouncements(db, request.params.merchantCode)),
    );

    routes.post(
      CONTENT_API_PATHS.operatorAnnouncements,
      {
        schema: {
          ...common,
          summary: 'Add an announcement of any type and group, texts per language, published and expiring when given',
          params: ZMerchantParams,
          body: ZOperatorAnnouncementCreate,
          response: { 200: success(ZOperatorAnnouncement), ...failures },
        },
      },
      async (request) =>
        ok(
          await content.createAnnouncement(
            db,
            request.params.merchantCode,
            request.body,
            request.operatorActor,
            platform.now(),
          ),
        ),
    );

    routes.patch(
      CONTENT_API_PATHS.operatorAnnouncement,
      {
        schema: {
          ...common,
          summary: 'Change an announcement: texts, picture, link, order, publish and expiry times, on or off',
          params: ZOperatorAnnouncementParams,
          body: ZOperatorAnnouncementUpdate,
          response: { 200: success(ZOperatorAnnouncement), ...failures },
        },
      },
      async (request) =>
        ok(
          await content.updateAnnouncement(
            db,
            request.params.merchantCode,
            request.params.id,
            request.body,
            request.operatorActor,
          ),
        ),
    );

    routes.delete(
      CONTENT_API_PATHS.operatorAnnouncement,
      {
        schema: {
          ...common,
          summary: 'Remove an announcement',
          params: ZOperatorAnnouncementParams,
          response: { 200: success(z.object({ id: z.number().int() })), ...failures },
        },
      },
      async (request) =>
        ok(await content.deleteAnnouncement(db, request.params.merchantCode, request.params.id, request.operatorActor)),
    );

    routes.get(
      CONTENT_API_PATHS.operatorHelpArticles,
      {
        schema: {
          ...common,
          summary: 'Every help article by category, shown or hidden',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorHelpArticles), ...failures },
        },
      },
      async (request) => ok(await pages.operatorHelpArticles(db, request.params.merchantCode)),
    );

    routes.post(
      CONTENT_API_PATHS.operatorHelpArticles,
      {
        schema: {
          ...common,
          summary: 'Add a help article (rich text per language, sanitised); a new category key makes its tab',
          params: ZMerchantParams,
          body: ZOperatorHelpArticleCreate,
          response: { 200: success(ZOperatorHelpArticle), ...failures },
        },
      },
      async (request) =>
        ok(await pages.createHelpArticle(db, request.params.merchantCode, request.body, request.operatorActor)),
    );

    routes.patch(
      CONTENT_API_PATHS.operatorHelpArticle,
      {
        schema: {
          ...common,
          summary: 'Change a help article, hide it or show it again',
          params: ZOperatorHelpArticleParams,
          body: ZOperatorHelpArticleUpdate,
          response: { 200: success(ZOperatorHelpArticle), ...failures },
        },
      },
      async (request) =>
        ok(
          await pages.updateHelpArticle(
            db,
            request.params.merchantCode,
            request.params.id,
            request.body,
            request.operatorActor,
          ),
        ),
    );

    routes.get(
      CONTENT_API_PATHS.operatorAgreements,
      {
        schema: {
          ...common,
          summary: 'Every version of the user agreement, newest first',
          params: ZMerchantParams,
          response: { 200: success(ZOperatorAgreements), ...failures },
        },
      },
      async (request) => ok(await pages.operatorAgreements(db, request.params.merchantCode)),
    );

    routes.post(
      CONTENT_API_PATHS.operatorAgreements,
      {
        schema: {
          ...common,
          summary: 'Publish the next version of the user agreement, now or at publishedAt',
          params: ZMerchantParams,
          body: ZOperatorAgreementCreate,
          response: { 200: success(ZOperatorAgreement), ...failures },
        },
      },
      async (request) =>
        ok(
          await pages.publishAgreement(
            db,
            request.params.merchantCode,
            request.body,
            request.operatorActor,
            platform.now(),
          ),
        ),
    );
  };
}
