import type { InhouseRoundRow } from './schema';

/** A round's id as the player and the wallet see it, and the transaction ids of its money calls (the same on every retry). */

export function roundPublicId(round: Pick<InhouseRoundRow, 'kind' | 'id'>): string {
  return `${round.kind === 'slot' ? 'SLOT' : 'MINES'}-${round.id}`;
}

export function roundIdNumber(publicId: string): number {
  return Number(publicId.slice(publicId.indexOf('-') + 1));
}

export const betTransactionId = (roundId: string) => `${roundId}:bet`;
export const winTransactionId = (roundId: string) => `${roundId}:win`;
export const rollbackTransactionId = (roundId: string) => `${roundId}:rollback`;
