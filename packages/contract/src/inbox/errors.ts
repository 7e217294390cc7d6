import type { ErrorCatalogue } from '../shared/error-catalogue';

/** Error codes of the inbox. */
export const INBOX_ERROR_CODES = {
  /** A message that is not the member's (or no longer is: deleted), answered like one that never was. */
  messageNotFound: 'inbox.message.not.found',
  /** The operator named a member the merchant does not have. */
  recipientUnknown: 'inbox.recipient.unknown',
} as const;
export type InboxErrorCode = (typeof INBOX_ERROR_CODES)[keyof typeof INBOX_ERROR_CODES];

export const INBOX_ERRORS: ErrorCatalogue<InboxErrorCode> = {
  'inbox.message.not.found': { status: 404, i18nKey: 'in_inbox_message_not_found' },
  'inbox.recipient.unknown': { status: 404, i18nKey: 'in_request_invalid' },
};
