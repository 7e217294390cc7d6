import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';
import { languageQueryKey } from '../../../shared/i18n/language';

/** The accounts feature's query keys. */
export const accountKeys = {
  /** The member's recent sign-ins (security centre); member-scoped, so sign-out forgets them. */
  signIns: [MEMBER_SCOPE, 'sign-ins'] as const,
  /** The member's head icon (PROFPIC3): an avatar of ours or their uploaded picture. */
  headIcon: [MEMBER_SCOPE, 'head-icon'] as const,
  /** Whether an e-mailed reset link can still be used; asked by a guest, per link. */
  resetLink: (token: string) => ['reset-link-check', token] as const,
  /** The registration screen's banners (B, m_reg), in the player's language. */
  registerBanners: () => languageQueryKey('announcements', 'register'),
};
