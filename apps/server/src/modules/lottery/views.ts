import { formatWinningNumber, LOTTERY_EVENT, type TLotteryDraw, type TLotteryDrawEvent } from '@palaro/contract';
import { broadcast } from '../../platform/broadcast';
import type { Tx } from '../../platform/db/database';
import { isOnSale } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import { gameById } from './store/games';

export function drawView(game: LotteryGameRow, draw: LotteryDrawRow, now: Date): TLotteryDraw {
  const drawn = draw.state === 'drawn' || draw.state === 'settled';
  return {
    gameCode: game.gameCode,
    numero: draw.numero,
    state: draw.state,
    opensAt: draw.opensAt.getTime(),
    locksAt: draw.locksAt.getTime(),
    drawsAt: draw.drawsAt.getTime(),
    seedHash: draw.seedHash,
    publicValue: draw.publicValue,
    serverSeed: drawn ? draw.serverSeed : null,
    result: drawn ? draw.result : null,
    winningNumber: drawn && draw.result ? formatWinningNumber(game.family, draw.result) : '',
    isSale: isOnSale(draw, now),
    remainTime: Math.max(0, draw.drawsAt.getTime() - now.getTime()),
    serverTime: now.getTime(),
    resultSource: drawn ? draw.resultSource : null,
    abnormal:
      draw.state === 'abnormal' && draw.abnormalReason && draw.abnormalAt
        ? { reason: draw.abnormalReason, since: draw.abnormalAt.getTime() }
        : null,
  };
}

/** Tells every open event stream of the merchant that a draw changed state (delivered if the transaction commits). */
export async function announceDraw(tx: Tx, draw: LotteryDrawRow, now: Date): Promise<void> {
  const game = await gameById(tx, draw.gameId);
  const event: TLotteryDrawEvent = { type: 'draw', draw: drawView(game!, draw, now) };
  await broadcast(tx, { merchantId: draw.merchantId, event: LOTTERY_EVENT, data: event });
}
