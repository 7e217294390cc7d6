/** The head icon (PROFPIC3): set is a form-urlencoded POST (spec §7) or the raw bytes of a picture. */
export const PROFILE_API_PATHS = {
  /** GET → THeadIcon; POST form `avatar=<id>` or an image body → THeadIcon. */
  headIcon: '/wps/member/head-icon',
  /** GET the member's own uploaded picture (WebP). */
  headIconImage: '/wps/member/head-icon/image',
} as const;
