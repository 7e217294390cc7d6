import type { Queryable } from '../../platform/db/database';
import type { SettingsArea, SettingsValues } from '../../platform/settings-area';
import * as store from './store';

/** The stored document's values, typed as the defaults are; unknown names are left out. */
function fromDocument<T extends SettingsValues>(
  area: SettingsArea<T>,
  document: Record<string, number> | undefined,
): T {
  const values: SettingsValues = { ...area.defaults };
  for (const [name, fallback] of Object.entries(area.defaults)) {
    const stored = document?.[name];
    if (stored !== undefined) values[name] = typeof fallback === 'bigint' ? BigInt(stored) : Number(stored);
  }
  return values as T;
}

function toDocument(values: SettingsValues): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Number(value)]));
}

/** The merchant's settings of one area (the defaults for what was never set). */
export async function settingsOf<T extends SettingsValues>(
  q: Queryable,
  merchantId: number,
  area: SettingsArea<T>,
): Promise<T> {
  return fromDocument(area, await store.settingsDocument(q, merchantId, area.name));
}

/** Writes the defaults of an area the merchant has no document for. */
export async function seedSettings(
  q: Queryable,
  merchantId: number,
  area: SettingsArea<SettingsValues>,
): Promise<void> {
  await store.insertSettingsDocumentIfAbsent(q, merchantId, area.name, toDocument(area.defaults));
}

/**
 * Changes some of an area's settings, refused (nothing written) when the result breaks the area's
 * rule; answers the settings as they are now. Call it in the transaction that writes the audit row.
 */
export async function changeSettings<T extends SettingsValues>(
  q: Queryable,
  merchantId: number,
  area: SettingsArea<T>,
  changes: Partial<T>,
): Promise<T> {
  const next = { ...(await settingsOf(q, merchantId, area)), ...changes };
  area.assertCoherent?.(next);
  const document = toDocument(next);
  await store.upsertSettingsDocument(q, merchantId, area.name, document);
  return next;
}
