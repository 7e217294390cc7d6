import type { ServerModule } from '../../platform/module';
import { settingsOperatorRoutes } from './operator-routes';
import * as tables from './schema';
import type { SettingsArea, SettingsValues } from '../../platform/settings-area';
import { seedSettings } from './service';

/**
 * Every merchant's settings, one document per area. The areas are the other modules' (each
 * declares its own in `ServerModule.settings`), handed in by the module list.
 */
export function createSettingsModule(areas: readonly SettingsArea<SettingsValues>[]): ServerModule {
  return {
    name: 'settings',
    tables,
    operatorRoutes: (app, ctx) => settingsOperatorRoutes(ctx, areas)(app),
    seed: async (tx, merchant) => {
      for (const area of areas) await seedSettings(tx, merchant.id, area);
    },
  };
}
