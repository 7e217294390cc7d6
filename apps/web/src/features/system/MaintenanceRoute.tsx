import { useStartup } from '../../shared/startup/context';
import { MaintenanceScreen } from './MaintenanceScreen';

/** /m/maintenance: the maintenance page, also when the site is running normally. */
export default function MaintenanceRoute() {
  const { startup, settings } = useStartup();
  return <MaintenanceScreen startup={startup} settings={settings} embedded />;
}
