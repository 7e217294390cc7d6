import type { TLotteryDraw, TLotteryDrawEvent, TLotteryGameDetail } from '@palaro/contract';
import type { Timed } from '../api/timed';

/**
 * A draw event for this game, from the stream's raw text; null for anything else. The web app
 * carries the contract's types, not its zod schemas (bundle size): the fields the betting screen
 * relies on are checked by hand.
 */
export function drawOfEvent(data: string, gameCode: string): TLotteryDraw | null {
  try {
    const event = JSON.parse(data) as Partial<TLotteryDrawEvent> | null;
    const draw = event?.type === 'draw' ? event.draw : undefined;
    if (
      !draw ||
      draw.gameCode !== gameCode ||
      typeof draw.numero !== 'string' ||
      !Number.isInteger(draw.drawsAt) ||
      !Number.isInteger(draw.remainTime) ||
      typeof draw.state !== 'string'
    )
      return null;
    if (draw.result !== null && !(Array.isArray(draw.result) && draw.result.every(Number.isInteger))) return null;
    return draw;
  } catch {
    return null;
  }
}

/** A draw event's draw merged into a game's cached detail (same numero: its new state; a newer one: the next draw). */
export function withDraw(
  detail: Timed<TLotteryGameDetail>,
  draw: TLotteryDraw,
  receivedAt: number,
): Timed<TLotteryGameDetail> {
  if (draw.gameCode !== detail.data.game.gameCode) return detail;
  if (draw.drawsAt < detail.data.draw.drawsAt) return detail;
  return { data: { ...detail.data, draw }, lotteryTime: [receivedAt, receivedAt] };
}
