import { inboxRootKeys } from '../../../shared/inbox/unread';
import type { Language } from '@palaro/contract';

/** The inbox's query keys, on the member's scope (sign-out forgets them) and in the reading language. */
export const inboxKeys = {
  all: inboxRootKeys.all,
  pages: [...inboxRootKeys.all, 'pages'] as const,
  pagesIn: (language: Language) => [...inboxKeys.pages, language] as const,
  messages: [...inboxRootKeys.all, 'message'] as const,
  message: (id: string, language: Language) => [...inboxKeys.messages, id, language] as const,
};
