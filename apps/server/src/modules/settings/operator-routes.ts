import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, type TWalletSettings } from '@palaro/contract';
import { success, ZMerchantParams, ZWalletSettings, ZWalletSettingsUpdate } from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import type { Queryable } from '../../platform/db/database';
import { FAILURE_RESPONSES, ok, OPERATOR_ROUTE } from '../../platform/http/envelope';
import type { RoutePlugin } from '../../platform/module';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import type { SettingsArea, SettingsValues } from '../../platform/settings-area';
import { changeSettings, settingsOf } from './service';

/** Every area's settings side by side, as numbers on the wire. */
async function allSettings(
  q: Queryable,
  merchantId: number,
  areas: readonly SettingsArea<SettingsValues>[],
): Promise<TWalletSettings> {
  // One after the other: `q` may be a transaction, whose one connection runs one query at a time.
  const documents = [];
  for (const area of areas) documents.push(await settingsOf(q, merchantId, area));
  const values = Object.assign({}, ...documents) as SettingsValues;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Number(value)])) as TWalletSettings;
}

/** The changes that belong to one area, typed as its settings (amounts become bigint). */
function changesFor(area: SettingsArea<SettingsValues>, update: Partial<TWalletSettings>): Partial<SettingsValues> {
  return Object.fromEntries(
    Object.entries(update)
      .filter(([name, value]) => value !== undefined && name in area.defaults)
      .map(([name, value]) => [name, typeof area.defaults[name] === 'bigint' ? BigInt(value) : value]),
  );
}

/**
 * The operator's view of a merchant's money rules (the wire's "wallet settings"): every area's
 * settings read together, and changed area by area with one audit row, all in one transaction.
 */
export function settingsOperatorRoutes(
  platform: PlatformContext,
  areas: readonly SettingsArea<SettingsValues>[],
): RoutePlugin {
  const { db } = platform;
  return (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { ...OPERATOR_ROUTE, params: ZMerchantParams } as const;
    const response = { 200: success(ZWalletSettings), ...FAILURE_RESPONSES };

    routes.get(
      API_PATHS.operatorWalletSettings,
      {
        schema: {
          ...common,
          summary: 'The merchant’s money rules (wallet, deposits, withdrawals, transfers)',
          response,
        },
      },
      async (request) =>
        ok(await allSettings(db, (await requireMerchantByCode(db, request.params.merchantCode)).id, areas)),
    );

    routes.patch(
      API_PATHS.operatorWalletSettings,
      {
        schema: {
          ...common,
          summary: 'Change money rules (limits, turnover, expiry, trial money)',
          body: ZWalletSettingsUpdate,
          response,
        },
      },
      async (request) => {
        const merchantId = (await requireMerchantByCode(db, request.params.merchantCode)).id;
        return ok(
          await db.transaction(async (tx) => {
            for (const area of areas) {
              const changes = changesFor(area, request.body);
              if (Object.keys(changes).length > 0) await changeSettings(tx, merchantId, area, changes);
            }
            await recordAudit(tx, {
              actor: request.operatorActor,
              action: 'wallet.settings.update',
              merchantId,
              details: { ...request.body },
            });
            return allSettings(tx, merchantId, areas);
          }),
        );
      },
    );
  };
}
