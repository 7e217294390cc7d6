import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_API_PATHS } from '@palaro/contract';
import { success, ZFailure, ZHeadIcon, ZHeadIconForm } from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { fileStorageOf } from '../../platform/file-storage';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { acceptImageBodies, imageOfBody } from '../../platform/http/image-body';
import type { RoutePlugin } from '../../platform/module';
import { createMemberGuard } from '../accounts/guard';
import { chooseAvatar, headIcon, ownPicture, uploadPicture } from './service';

export const PROFILE_TAG = { name: 'profile', description: 'The member’s head icon (PROFPIC3)' };

const failures = { ...FAILURE_RESPONSES, 413: ZFailure, 415: ZFailure };

export function profileRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  const guard = createMemberGuard(platform);
  const storage = fileStorageOf(platform.config);

  return async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = [PROFILE_TAG.name];
    // Spec §7: the head icon is set by a form-urlencoded POST.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, parseQueryString(body as string)),
    );

    routes.get(
      PROFILE_API_PATHS.headIcon,
      { schema: { tags, summary: 'The member’s head icon', response: { 200: success(ZHeadIcon), ...failures } } },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await headIcon(db, auth.member));
      },
    );

    routes.post(
      PROFILE_API_PATHS.headIcon,
      {
        schema: {
          tags,
          summary: 'Choose one of our avatars as the head icon (form-urlencoded avatar=<id>)',
          body: ZHeadIconForm,
          response: { 200: success(ZHeadIcon), ...failures },
        },
      },
      async (request) => {
        const { auth } = await guard.requireMember(request);
        return ok(await chooseAvatar(db, storage, auth.member, request.body.avatar, platform.now()));
      },
    );

    routes.get(
      PROFILE_API_PATHS.headIconImage,
      { schema: { tags, summary: 'The member’s own uploaded picture (WebP)' } },
      async (request, reply) => {
        const { auth } = await guard.requireMember(request);
        const bytes = await ownPicture(db, storage, auth.member);
        return reply.type('image/webp').header('cache-control', 'private, max-age=86400').send(bytes);
      },
    );

    await app.register(async (imageScope) => {
      acceptImageBodies(imageScope);
      imageScope.withTypeProvider<ZodTypeProvider>().post(
        PROFILE_API_PATHS.headIconImage,
        {
          schema: {
            tags,
            summary: 'Upload a picture as the head icon (raw PNG or JPEG bytes, at most 5 MB): kept as a 256 px WebP',
            response: { 200: success(ZHeadIcon), ...failures },
          },
        },
        async (request) => {
          const { auth } = await guard.requireMember(request);
          const { bytes } = await imageOfBody(request.body);
          return ok(await uploadPicture(db, storage, auth.member, bytes, platform.now()));
        },
      );
    });
  };
}
