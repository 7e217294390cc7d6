import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ERROR_CODES, fieldError, type TWalletSettings } from '@palaro/contract';
import { success, ZMerchantParams, ZWalletSettings, ZWalletSettingsUpdate } from '@palaro/contract/schemas';
import type { Db } from '../../platform/db/database';
import type { PlatformContext } from '../../platform/context';
import type { RoutePlugin } from '../../platform/module';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { DomainError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import type { WalletSettingsRow } from './schema';
import { updateWalletSettings, walletSettingsOf } from './settings';

const AMOUNT_FIELDS = ['trialBalance', 'withdrawMin', 'withdrawMax', 'withdrawDailyAmount', 'transferMin', 'transferMax'] as const;

function toWire(row: WalletSettingsRow): TWalletSettings {
  const { merchantId: _merchant, ...rules } = row;
  return Object.fromEntries(Object.entries(rules).map(([name, value]) => [name, Number(value)])) as TWalletSettings;
}

/** The row's columns for an update: amounts become bigint, counts and percentages stay numbers. */
function toRowChanges(update: Partial<TWalletSettings>): Partial<Omit<WalletSettingsRow, 'merchantId'>> {
  const amountFields: readonly string[] = AMOUNT_FIELDS;
  return Object.fromEntries(
    Object.entries(update)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, amountFields.includes(name) ? BigInt(value) : value]),
  ) as Partial<Omit<WalletSettingsRow, 'merchantId'>>;
}

/** A minimum above its maximum would refuse every request: refused here instead. */
export function assertRangesOrdered(settings: TWalletSettings): void {
  for (const [min, max] of [['withdrawMin', 'withdrawMax'], ['transferMin', 'transferMax']] as const) {
    if (settings[min] > settings[max]) {
      throw new DomainError(ERROR_CODES.validation, `${min} must not be above ${max}`, { fields: [fieldError(min)] });
    }
  }
}

async function merchantIdOf(db: Db, merchantCode: string): Promise<number> {
  return (await requireMerchantByCode(db, merchantCode)).id;
}

/** The operator's view of a merchant's wallet rules: read, and change with an audit row. */
export function walletOperatorRoutes(platform: PlatformContext): RoutePlugin {
  const { db } = platform;
  return (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['operator'], security: [{ operatorToken: [] }], params: ZMerchantParams } as const;
    const response = { 200: success(ZWalletSettings), ...FAILURE_RESPONSES };

    routes.get(API_PATHS.operatorWalletSettings, { schema: { ...common, summary: 'The merchant’s wallet rules', response } },
      async (request) => ok(toWire(await walletSettingsOf(db, await merchantIdOf(db, request.params.merchantCode)))));

    routes.patch(API_PATHS.operatorWalletSettings, { schema: { ...common, summary: 'Change wallet rules (limits, turnover, expiry, trial money)', body: ZWalletSettingsUpdate, response } },
      async (request) => {
        const merchantId = await merchantIdOf(db, request.params.merchantCode);
        return ok(await db.transaction(async (tx) => {
          const next = { ...toWire(await walletSettingsOf(tx, merchantId)), ...request.body };
          assertRangesOrdered(next);
          await updateWalletSettings(tx, merchantId, toRowChanges(request.body));
          await recordAudit(tx, { actor: request.operatorActor, action: 'wallet.settings.update', merchantId, details: { ...request.body } });
          return toWire(await walletSettingsOf(tx, merchantId));
        }));
      });
  };
}
