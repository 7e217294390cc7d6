import { ERROR_CODES, fieldError, type TOperatorChannel } from '@palaro/contract';
import type { z } from 'zod';
import type { ZOperatorChannelUpdate } from '@palaro/contract/schemas';
import type { Db } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import type { PaymentChannelRow } from './schema';
import { toChannelDto } from './service';
import * as store from './store';

export type ChannelUpdate = z.output<typeof ZOperatorChannelUpdate>;

function toOperatorChannel(channel: PaymentChannelRow): TOperatorChannel {
  return {
    ...toChannelDto(channel),
    gateway: channel.gateway,
    minVipLevel: channel.minVipLevel,
    enabled: channel.enabled,
  };
}

/** The channel after an update, refused when its limits or presets would not make sense together. */
export function assertChannelCoherent(
  channel: Pick<PaymentChannelRow, 'minAmount' | 'maxAmount' | 'presetAmounts'>,
): void {
  if (channel.minAmount > channel.maxAmount) {
    throw new DomainError(ERROR_CODES.validation, 'minAmount must not be above maxAmount', {
      fields: [fieldError('minAmount')],
    });
  }
  const outside = channel.presetAmounts.filter(
    (preset) => BigInt(preset) < channel.minAmount || BigInt(preset) > channel.maxAmount,
  );
  if (outside.length > 0) {
    throw new DomainError(ERROR_CODES.validation, `Preset amounts outside the channel's range: ${outside.join(', ')}`, {
      fields: [fieldError('presetAmounts')],
    });
  }
}

/** Every channel of the merchant, enabled or not, in display order. */
export async function operatorChannels(db: Db, merchantCode: string): Promise<{ list: TOperatorChannel[] }> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  const rows = await store.allChannels(db, merchant.id);
  return { list: rows.map(toOperatorChannel) };
}

/** Changes a channel (enable, limits, fee, presets, order, VIP level, instructions) with an audit row. */
export async function updateChannel(
  db: Db,
  merchantCode: string,
  channelId: number,
  update: ChannelUpdate,
  actor: string,
): Promise<TOperatorChannel> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  return db.transaction(async (tx) => {
    const channel = await store.lockChannel(tx, merchant.id, channelId);
    if (!channel) throw new NotFoundError(`No payment channel ${channelId} at ${merchantCode}`);
    const changes: Partial<PaymentChannelRow> = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.enabled !== undefined && { enabled: update.enabled }),
      ...(update.minAmount !== undefined && { minAmount: BigInt(update.minAmount) }),
      ...(update.maxAmount !== undefined && { maxAmount: BigInt(update.maxAmount) }),
      ...(update.feeBasisPoints !== undefined && { feeBasisPoints: update.feeBasisPoints }),
      ...(update.feeFixed !== undefined && { feeFixed: BigInt(update.feeFixed) }),
      ...(update.presetAmounts !== undefined && { presetAmounts: update.presetAmounts }),
      ...(update.displayOrder !== undefined && { displayOrder: update.displayOrder }),
      ...(update.minVipLevel !== undefined && { minVipLevel: update.minVipLevel }),
      ...(update.instructions !== undefined && { instructions: update.instructions }),
    };
    assertChannelCoherent({ ...channel, ...changes });
    const updated = await store.updateChannel(tx, channel.id, changes);
    await recordAudit(tx, {
      actor,
      action: 'payment.channel.update',
      merchantId: merchant.id,
      details: { channelId, ...update },
    });
    return toOperatorChannel(updated);
  });
}
