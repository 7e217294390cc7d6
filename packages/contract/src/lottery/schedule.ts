/**
 * Draw schedules of the electronic games: a game with an interval of N seconds draws every N seconds
 * of the merchant's day (Philippine time, UTC+8, no daylight saving), the first draw N seconds after
 * midnight. A draw's sale opens when the one before it is drawn and locks lockTime seconds before
 * its own draw time. Its numero is the day and the draw's number in it: YYYYMMDD-NNNN (a 1-minute
 * game's last draw is 20261126-1440, at midnight).
 */

/** Philippine time (the merchant's day): UTC+8 all year. */
export const LOTTERY_DAY_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Electronic editions sold: 1-, 3- and 5-minute draws. */
export const ELECTRONIC_INTERVALS_SECONDS = [60, 180, 300] as const;

export interface DrawSlot {
  numero: string;
  opensAt: number;
  locksAt: number;
  drawsAt: number;
}

function dayLabel(dayStartUtc: number): string {
  const local = new Date(dayStartUtc + LOTTERY_DAY_OFFSET_MS);
  return `${local.getUTCFullYear()}${String(local.getUTCMonth() + 1).padStart(2, '0')}${String(local.getUTCDate()).padStart(2, '0')}`;
}

/** The draw time (ms since epoch) a slot index counts from; index k draws at (k + 1) × interval after the epoch's local midnight. */
function slotAt(intervalSeconds: number, lockTimeSeconds: number, drawsAt: number): DrawSlot {
  const intervalMs = intervalSeconds * 1000;
  // The local day a draw belongs to is the day its time falls in, except that the draw exactly at midnight closes the day before.
  const dayStartUtc = Math.floor((drawsAt - 1 + LOTTERY_DAY_OFFSET_MS) / DAY_MS) * DAY_MS - LOTTERY_DAY_OFFSET_MS;
  const sequence = Math.round((drawsAt - dayStartUtc) / intervalMs);
  return {
    numero: `${dayLabel(dayStartUtc)}-${String(sequence).padStart(4, '0')}`,
    opensAt: drawsAt - intervalMs,
    locksAt: drawsAt - lockTimeSeconds * 1000,
    drawsAt,
  };
}

/**
 * The draw on sale or about to be drawn at `now`: the first whose draw time is after now. Intervals
 * must divide a day (60, 180, 300 s do), so every day starts a fresh sequence at 0001.
 */
export function drawSlotAt(intervalSeconds: number, lockTimeSeconds: number, now: number): DrawSlot {
  const intervalMs = intervalSeconds * 1000;
  const localNow = now + LOTTERY_DAY_OFFSET_MS;
  const drawsAt = (Math.floor(localNow / intervalMs) + 1) * intervalMs - LOTTERY_DAY_OFFSET_MS;
  return slotAt(intervalSeconds, lockTimeSeconds, drawsAt);
}

/** The draw after a slot (the next one to open when `slot` is drawn). */
export function nextDrawSlot(intervalSeconds: number, lockTimeSeconds: number, slot: DrawSlot): DrawSlot {
  return slotAt(intervalSeconds, lockTimeSeconds, slot.drawsAt + intervalSeconds * 1000);
}

/** The slot whose draw time is `drawsAt` (a draw time read back from the database). */
export function drawSlotOf(intervalSeconds: number, lockTimeSeconds: number, drawsAt: number): DrawSlot {
  return slotAt(intervalSeconds, lockTimeSeconds, drawsAt);
}

export function intervalDividesDay(intervalSeconds: number): boolean {
  return Number.isInteger(intervalSeconds) && intervalSeconds > 0 && (DAY_MS / 1000) % intervalSeconds === 0;
}
