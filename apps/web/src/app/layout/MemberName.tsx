import { useMemberInfo } from '../../shared/session/api';
import { memberDisplayName, useSessionInfo } from '../../shared/session/session';

/** The header's member name, kept up to date with the member info the server answers. */
export function MemberName() {
  const session = useSessionInfo();
  const member = useMemberInfo().data;
  return <>{memberDisplayName(member, session?.userName ?? '')}</>;
}
