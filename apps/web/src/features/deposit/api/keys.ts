import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';

/** The deposit feature's query keys: the member's channels, per member so another member never sees them. */
export const depositKeys = {
  channels: [MEMBER_SCOPE, 'deposit', 'channels'] as const,
  channelsOf: (userName: string) => [...depositKeys.channels, userName] as const,
};
