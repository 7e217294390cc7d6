import { useEffect, useState } from 'react';
import { onDemand } from '../../shared/lib/onDemand';
import { useSessionInfo } from '../../shared/session/session';
import type * as memberPartsModule from './memberParts';

export type MemberParts = typeof memberPartsModule;

export const memberParts = onDemand<MemberParts>(() => import('./memberParts'));

/**
 * The member's frame parts once loaded; null for a guest and while they load. Asked for as soon as
 * a session is known (the layout mounts with the session read from storage), so they usually arrive
 * while the balance would be loading anyway; the header draws the balance's loading state meanwhile.
 */
export function useMemberParts(): MemberParts | null {
  const member = useSessionInfo() !== null;
  const [parts, setParts] = useState(memberParts.loaded);
  useEffect(() => {
    if (!member || parts) return;
    let mounted = true;
    memberParts.load().then(
      (loaded) => {
        if (mounted) setParts(loaded);
      },
      (error: unknown) => console.error('member header', error),
    );
    return () => {
      mounted = false;
    };
  }, [member, parts]);
  return member ? parts : null;
}
