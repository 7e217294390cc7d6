import { StartupGate } from '../startup/StartupGate';
import { AppLayout } from './AppLayout';
import '../../styles/global.css';
import './layout.css';

export function RootLayout() {
  return (
    <StartupGate>
      <AppLayout />
    </StartupGate>
  );
}
