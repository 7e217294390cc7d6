import { z } from 'zod';
import { PROFILE_AVATARS } from './avatars';

export const ZHeadIconForm = z.object({ avatar: z.enum(PROFILE_AVATARS) });

export const ZHeadIcon = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('avatar'), avatar: z.enum(PROFILE_AVATARS) }),
  /** `version` changes with each upload, so the browser never shows a cached older picture. */
  z.object({ kind: z.literal('upload'), version: z.string() }),
]);
export type THeadIcon = z.infer<typeof ZHeadIcon>;
