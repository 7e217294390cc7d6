/**
 * The profile pictures we draw ourselves (apps/web/src/features/profile/avatars/<id>.svg); a member
 * picks one of these or uploads a picture. Ids are stable: they are stored per member.
 */
export const PROFILE_AVATARS = [
  'sun',
  'wave',
  'palm',
  'jeepney',
  'carabao',
  'mango',
  'star',
  'volcano',
  'sampaguita',
  'tarsier',
] as const;
export type ProfileAvatar = (typeof PROFILE_AVATARS)[number];

/** The avatar shown before a member picks one: the same for a member every time. */
export function defaultAvatarOf(memberId: number): ProfileAvatar {
  return PROFILE_AVATARS[memberId % PROFILE_AVATARS.length]!;
}

/** An uploaded picture is resized to this square (pixels), as WebP. */
export const PROFILE_PICTURE_SIZE = 256;
