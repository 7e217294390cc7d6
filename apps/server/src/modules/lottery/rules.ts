import type { ChaseState, DrawState } from '@palaro/contract';

/**
 * The lottery's rules as plain functions (docs/LOTTERY.md): no database, no clock of their own — the
 * server's time is passed in. Rules the browser shares (bet types, odds, timing) are the contract's
 * (`packages/contract/src/lottery/`).
 */

type SaleWindow = { state: DrawState; opensAt: Date; locksAt: Date };

/**
 * The lock rule: a draw stops selling at its lock time by the server's clock, whatever a client
 * shows — a slip or cancel at that very millisecond is refused, and the lock job may fix the draw's
 * tickets from then on (an earlier run is too early and tries again).
 */
export function isPastLockTime(draw: Pick<SaleWindow, 'locksAt'>, now: Date): boolean {
  return now >= draw.locksAt;
}

/** On sale: open, and the server's clock from its opening to before its lock time. */
export function isOnSale(draw: SaleWindow, now: Date): boolean {
  return draw.state === 'open' && draw.opensAt <= now && !isPastLockTime(draw, now);
}

/**
 * Whether the lock job still has this draw's tickets to fix: it is open, or scheduled and never
 * opened (an outage). A draw locked, drawn, abnormal, settled or cancelled is past it.
 */
export function awaitsLock(draw: { state: DrawState }): boolean {
  return draw.state === 'open' || draw.state === 'scheduled';
}

/** Whether the operator may void the draw: not drawn yet (or abnormal, waiting for a result that did not come). */
export function isVoidable(draw: { state: DrawState }): boolean {
  return ['scheduled', 'open', 'locked', 'abnormal'].includes(draw.state);
}

/**
 * A traditional game plays one draw at a time: its next draw opens once the latest has its result
 * (drawn or settled) or was voided — or when it has none yet.
 */
export function opensNextTraditionalDraw(latest: { state: DrawState } | undefined): boolean {
  return !latest || ['drawn', 'settled', 'cancelled'].includes(latest.state);
}

/** When a traditional draw still without its result becomes abnormal ('late'): its grace period after its draw time. */
export function resultDueAt(game: { resultGraceSeconds: number }, draw: { drawsAt: Date }): Date {
  return new Date(draw.drawsAt.getTime() + game.resultGraceSeconds * 1000);
}

/** A settlement chunk as the rules after it read it: its bets and which of them won (a win above 0). */
export interface SettledBets {
  bets: readonly { id: number; memberId: number; trial: boolean; stake: bigint; chaseId: number | null }[];
  wonBetIds: readonly number[];
  /** A voided draw's chunk: every stake was refunded, nothing won or lost. */
  refunded: boolean;
}

/** Which of a chunk's bets won: those whose win is above 0 (a voided draw's refunds win nothing). */
export function winningBetIds(bets: readonly { id: number }[], wins: readonly bigint[], refunded: boolean): number[] {
  return refunded ? [] : bets.filter((_, index) => wins[index]! > 0n).map((bet) => bet.id);
}

/**
 * Stop-after-win, first half: the chases a settled chunk may stop — each chase (once) with a bet
 * that won in it. Of those, a chase stops when it was made with stop-on-win and is not stopped
 * already (the settlement locks only those: store/chases.ts lockStopOnWinChases); a bet that
 * settled lost, or won 0, stops nothing.
 */
export function chasesWonIn(chunk: SettledBets): number[] {
  if (chunk.refunded) return [];
  const won = new Set(chunk.wonBetIds);
  return [...new Set(chunk.bets.filter((bet) => bet.chaseId !== null && won.has(bet.id)).map((bet) => bet.chaseId!))];
}

/**
 * Stop-after-win, second half, for a chase that stops: of the draws it has pending bets on, those
 * still on sale by the server's clock have their bets cancelled for refund (the next draw opens as
 * the winning one is drawn, so it is usually placed already); draws locked already stand.
 */
export function drawsCancelledByWin<T extends SaleWindow>(pendingDraws: readonly T[], now: Date): T[] {
  return pendingDraws.filter((draw) => isOnSale(draw, now));
}

/**
 * Whether the winning chase ends as stopped ('won'): an active one does (its waiting draws are
 * cancelled); a finished one (every draw placed) only when a bet of it was cancelled, else it stays
 * finished.
 */
export function chaseStopsAsWon(chase: { state: ChaseState }, cancelledBets: number): boolean {
  return chase.state === 'active' || cancelledBets > 0;
}

/**
 * When a settled bet counts toward its member's turnover (wallet/turnover.ts): it settled won or
 * lost — a voided draw's refunded stake never counts, nor a bet cancelled before (it never reaches
 * settlement) — and its member is not a trial account (play money). It counts its whole stake.
 * Answers the stakes that count, by member.
 */
export function turnoverByMember(chunk: Pick<SettledBets, 'bets' | 'refunded'>): Map<number, bigint> {
  const amounts = new Map<number, bigint>();
  if (chunk.refunded) return amounts;
  for (const bet of chunk.bets)
    if (!bet.trial) amounts.set(bet.memberId, (amounts.get(bet.memberId) ?? 0n) + bet.stake);
  return amounts;
}
