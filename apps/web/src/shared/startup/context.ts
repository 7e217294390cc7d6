import { createContext, useContext } from 'react';
import type { TSiteSettings, TStartup } from '@palaro/contract';

export interface StartupValue {
  startup: TStartup;
  settings: TSiteSettings;
}

export const StartupContext = createContext<StartupValue | null>(null);

export function useStartup(): StartupValue {
  const value = useContext(StartupContext);
  if (!value) throw new Error('useStartup outside StartupGate');
  return value;
}

export function useSettings(): TSiteSettings {
  return useStartup().settings;
}
