/** A setting is a count or percentage (number) or an amount in minor units (bigint). */
export type SettingsValues = Record<string, number | bigint>;

/**
 * One area's settings, declared by the module that owns them (`ServerModule.settings`): its name,
 * every setting with its default (which also fixes its type), and the rule its values must keep
 * together (a minimum not above its maximum), checked on each change. The settings module stores
 * one document per merchant and area.
 */
export interface SettingsArea<T extends SettingsValues = SettingsValues> {
  name: string;
  defaults: T;
  assertCoherent?(settings: T): void;
}

export function defineSettingsArea<T extends SettingsValues>(area: SettingsArea<T>): SettingsArea<T> {
  return area;
}
