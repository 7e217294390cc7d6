import type { Db } from '../../platform/db/database';
import type { WalletClient } from './wallet-client';

/**
 * The in-house game server's rules: sessions opened with a launch token, seeds and their
 * commitments, rounds played on the fair byte stream (the contract's functions), and money moved
 * only through the wallet client. A round is written before its money call and settled after it,
 * so a call that gets no answer is retried with the same transaction ids (here, then by the
 * settlement job) and the round is never paid twice.
 *
 * Where each part is: sessions.ts (open, resume, expire), games.ts (the two games' bet steps and
 * rules), fairness.ts (seeds, client seed, rotation), start-round.ts (a round's nonce under the
 * seed lock), slot.ts and mines.ts (playing), wallet-calls.ts (each round's money calls and their
 * answers), settlement.ts (the job re-sending unanswered calls), round-views.ts and
 * round-history.ts (what the player sees and verifies), store.ts (every query).
 */

/** What every part of the in-house game server is given. */
export interface InhouseDeps {
  db: Db;
  now: () => Date;
  wallet: WalletClient;
}
