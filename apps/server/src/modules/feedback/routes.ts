import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FEEDBACK_API_PATHS } from '@palaro/contract';
import {
  success,
  ZFailure,
  ZFeedbackImageParams,
  ZFeedbackItem,
  ZFeedbackPage,
  ZFeedbackRequest,
  ZFeedbackSettings,
  ZFeedbackSettingsUpdate,
  ZFeedbackUpload,
  ZOperatorFeedbackAnswer,
  ZOperatorFeedbackImageParams,
  ZOperatorFeedbackItem,
  ZOperatorFeedbackList,
  ZOperatorFeedbackParams,
  ZOperatorFeedbackQuery,
  ZOperatorMerchantParams,
} from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { fileStorageOf } from '../../platform/file-storage';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import { acceptImageBodies, imageOfBody } from '../../platform/http/image-body';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import {
  answerFeedback,
  changeFeedbackSettings,
  memberFeedbackPage,
  memberImage,
  operatorFeedback,
  operatorFeedbackSettings,
  operatorImage,
  removeWaitingImage,
  submitFeedback,
  uploadFeedbackImage,
} from './service';

export const FEEDBACK_TAG = { name: 'feedback', description: 'Feedback to the merchant, its images and the answers' };

const failures = { ...FAILURE_RESPONSES, 413: ZFailure, 415: ZFailure };

/** An image goes back as its bytes, to its owner or the operator only: never kept by a shared cache. */
function sendImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.bytes);
}

/** The member's feedback routes. */
export function feedbackRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const storage = fileStorageOf(platform.config);

  return async function registerFeedbackRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [FEEDBACK_TAG.name];

    routes.get(
      FEEDBACK_API_PATHS.feedback,
      {
        schema: {
          tags,
          summary: 'The feedback form’s rules and the member’s feedback with the answers, latest first',
          response: { 200: success(ZFeedbackPage), ...failures },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await memberFeedbackPage(db, auth.member.merchantId, auth.member.id));
      },
    );

    routes.put(
      FEEDBACK_API_PATHS.feedback,
      {
        schema: {
          tags,
          summary: 'Send feedback (FEEDBACK3): category, content within the word bounds, up to 3 uploaded images',
          body: ZFeedbackRequest,
          response: { 200: success(ZFeedbackItem), ...failures },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await submitFeedback(db, auth.member, request.body));
      },
    );

    routes.get(
      FEEDBACK_API_PATHS.feedbackImage,
      { schema: { tags, summary: 'One of the member’s feedback images (its bytes)', params: ZFeedbackImageParams } },
      async (request, reply) => {
        const { auth } = await guard.requireMember(request);
        return sendImage(reply, await memberImage(db, storage, auth.member, request.params.imageId));
      },
    );

    routes.delete(
      FEEDBACK_API_PATHS.feedbackImage,
      {
        schema: {
          tags,
          summary: 'Remove an image not sent yet',
          params: ZFeedbackImageParams,
          response: { 200: success(ZFeedbackImageParams), ...failures },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        await removeWaitingImage(db, storage, auth.member, request.params.imageId);
        return ok({ imageId: request.params.imageId });
      },
    );

    await app.register(async (imageScope) => {
      acceptImageBodies(imageScope);
      imageScope.withTypeProvider<ZodTypeProvider>().post(
        FEEDBACK_API_PATHS.feedbackImages,
        {
          schema: {
            tags,
            summary: 'Upload one image (its raw bytes, PNG or JPEG by content, at most 5 MB) to send with a feedback',
            response: { 200: success(ZFeedbackUpload), ...failures },
          },
        },
        async (request) => {
          const { auth } = await guard.requireMember(request);
          return ok(await uploadFeedbackImage(db, storage, auth.member, await imageOfBody(request.body)));
        },
      );
    });
  };
}

/** The operator's feedback queue and answers, inside the operator plugin (token check and audit actor). */
export function operatorFeedbackRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const storage = fileStorageOf(platform.config);
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = OPERATOR_ROUTE;

    routes.get(
      FEEDBACK_API_PATHS.operatorFeedback,
      {
        schema: {
          ...common,
          summary: 'A merchant’s feedback, newest first, by status',
          params: ZOperatorFeedbackParams.pick({ merchantCode: true }),
          querystring: ZOperatorFeedbackQuery,
          response: { 200: success(ZOperatorFeedbackList), ...failures },
        },
      },
      async (request) => ok({ list: await operatorFeedback(db, request.params.merchantCode, request.query.status) }),
    );

    routes.post(
      FEEDBACK_API_PATHS.operatorFeedbackAnswer,
      {
        schema: {
          ...common,
          summary: 'Answer a feedback: shown on the member’s feedback screen and sent to their inbox',
          params: ZOperatorFeedbackParams,
          body: ZOperatorFeedbackAnswer,
          response: { 200: success(ZOperatorFeedbackItem), ...failures },
        },
      },
      async (request) =>
        ok(
          await answerFeedback(db, {
            ...request.params,
            answer: request.body.answer,
            actor: request.operatorActor,
            now: platform.now(),
          }),
        ),
    );

    routes.get(
      FEEDBACK_API_PATHS.operatorFeedbackSettings,
      {
        schema: {
          ...common,
          summary: 'The merchant’s word bounds of feedback content',
          params: ZOperatorMerchantParams,
          response: { 200: success(ZFeedbackSettings), ...failures },
        },
      },
      async (request) => ok(await operatorFeedbackSettings(db, request.params.merchantCode)),
    );

    routes.patch(
      FEEDBACK_API_PATHS.operatorFeedbackSettings,
      {
        schema: {
          ...common,
          summary: 'Change the word bounds of feedback content (spec §5 "between {0} and {1} words")',
          params: ZOperatorMerchantParams,
          body: ZFeedbackSettingsUpdate,
          response: { 200: success(ZFeedbackSettings), ...failures },
        },
      },
      async (request) =>
        ok(
          await changeFeedbackSettings(db, {
            merchantCode: request.params.merchantCode,
            changes: request.body,
            actor: request.operatorActor,
          }),
        ),
    );

    routes.get(
      FEEDBACK_API_PATHS.operatorFeedbackImage,
      { schema: { ...common, summary: 'One image of a feedback (its bytes)', params: ZOperatorFeedbackImageParams } },
      async (request, reply) =>
        sendImage(reply, await operatorImage(db, storage, request.params.merchantCode, request.params.imageId)),
    );
  };
}
