import { useStartup } from '../../shared/startup/context';
import { RegionBlockedScreen } from './RegionBlockedScreen';

/** /m/restricted: the region-restriction page, loadable by path (spec §2). */
export default function RegionRoute() {
  const { startup } = useStartup();
  return <RegionBlockedScreen startup={startup} embedded />;
}
