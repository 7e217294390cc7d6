import { memberKeys } from '../../../shared/api/queryKeys';
import type { Language } from '@palaro/contract';

/** The inbox's query keys, on the member's scope (sign-out forgets them) and in the reading language. */
export const inboxKeys = {
  all: memberKeys.inbox,
  pages: [...memberKeys.inbox, 'pages'] as const,
  pagesIn: (language: Language) => [...inboxKeys.pages, language] as const,
  messages: [...memberKeys.inbox, 'message'] as const,
  message: (id: string, language: Language) => [...inboxKeys.messages, id, language] as const,
};
