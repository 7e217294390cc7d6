/** The member's inbox (message centre) and the operator's sending of messages. */
export const INBOX_API_PATHS = {
  inboxMessages: '/wps/inbox/messages',
  inboxMessage: '/wps/inbox/messages/:id',
  inboxReadAll: '/wps/inbox/read-all',
  /** INBOX3: the member's unread count. */
  inboxUnread: '/wps/inbox/unread',
  operatorInboxMessages: '/ops/merchants/:merchantCode/inbox/messages',
} as const;
