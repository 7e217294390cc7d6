import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';

/** The feedback feature's query keys: member-scoped, so sign-out forgets them. */
export const feedbackKeys = {
  page: [MEMBER_SCOPE, 'feedback'] as const,
  image: (imageId: string) => [MEMBER_SCOPE, 'feedback', 'image', imageId] as const,
};
