import {
  INHOUSE_ERROR_CODES,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  type TFairnessState,
  type TSeedRotation,
} from '@palaro/contract';
import type { Tx } from '../../platform/db/database';
import { DomainError } from '../../platform/http/errors';
import type { InhouseDeps } from './deps';
import type { InhouseSeedRow, InhouseSessionRow } from './schema';
import * as store from './store';

/**
 * Provable fairness: a player's server seed per game, committed by its hash before it is used,
 * its client seed, and the rotation that reveals it. The active seed's row lock orders everything
 * that uses or changes it.
 */

export async function ensureActiveSeed(deps: InhouseDeps, playerId: string, gameCode: string): Promise<InhouseSeedRow> {
  const existing = await store.activeSeed(deps.db, playerId, gameCode);
  if (existing) return existing;
  const serverSeed = newServerSeed();
  await store.insertSeedIfNone(deps.db, {
    playerId,
    gameCode,
    serverSeed,
    serverSeedHash: await hashServerSeed(serverSeed),
    clientSeed: newClientSeed(),
    createdAt: deps.now(),
  });
  return (await store.activeSeed(deps.db, playerId, gameCode))!;
}

export async function fairnessState(deps: InhouseDeps, playerId: string, gameCode: string): Promise<TFairnessState> {
  const [active, previous] = await Promise.all([
    ensureActiveSeed(deps, playerId, gameCode),
    store.lastRevealedSeed(deps.db, playerId, gameCode),
  ]);
  return {
    serverSeedHash: active.serverSeedHash,
    clientSeed: active.clientSeed,
    nextNonce: active.nextNonce,
    previous: previous
      ? {
          serverSeed: previous.serverSeed,
          serverSeedHash: previous.serverSeedHash,
          clientSeed: previous.clientSeed,
          roundCount: previous.nextNonce,
        }
      : null,
  };
}

/** Reads of the active seed under its lock before a request gives up on rotations racing it. */
const SEED_LOCK_ATTEMPTS = 5;

function seedChanged(): DomainError {
  return new DomainError(INHOUSE_ERROR_CODES.roundOpen, 'The seed changed meanwhile: try again');
}

/**
 * The player's active seed, locked for the rest of `tx`. A rotation that commits while this waits
 * for the row has revealed it: PostgreSQL checks the row again once it is free and leaves it out,
 * and the new seed came after the statement began, so the statement finds none — the next one
 * sees the new seed.
 */
export async function lockActiveSeed(tx: Tx, playerId: string, gameCode: string): Promise<InhouseSeedRow> {
  for (let attempt = 0; attempt < SEED_LOCK_ATTEMPTS; attempt += 1) {
    const seed = await store.activeSeed(tx, playerId, gameCode, { lock: true });
    if (seed) return seed;
  }
  throw seedChanged();
}

export async function setClientSeed(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  clientSeed: string,
): Promise<TFairnessState> {
  await ensureActiveSeed(deps, session.playerId, session.gameCode);
  await deps.db.transaction(async (tx) => {
    const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
    await store.updateSeed(tx, seed.id, { clientSeed });
  });
  return fairnessState(deps, session.playerId, session.gameCode);
}

/**
 * Reveals the server seed in use and commits to a new one (nonces restart at 0). Refused while a
 * mines round is in play: its mines come from the seed being revealed.
 */
export async function rotateSeed(
  deps: InhouseDeps,
  session: InhouseSessionRow,
  clientSeed: string | undefined,
): Promise<TSeedRotation> {
  const active = await ensureActiveSeed(deps, session.playerId, session.gameCode);
  const serverSeed = newServerSeed();
  const serverSeedHash = await hashServerSeed(serverSeed);
  const revealed = await deps.db.transaction(async (tx) => {
    const seed = await lockActiveSeed(tx, session.playerId, session.gameCode);
    if (seed.id !== active.id) throw seedChanged();
    if (await store.roundInPlay(tx, session.playerId, session.gameCode)) {
      throw new DomainError(
        INHOUSE_ERROR_CODES.roundOpen,
        'Finish the round in play before changing seeds: its mines come from this seed',
      );
    }
    const now = deps.now();
    await store.updateSeed(tx, seed.id, { revealedAt: now });
    await store.insertSeedIfNone(tx, {
      playerId: session.playerId,
      gameCode: session.gameCode,
      serverSeed,
      serverSeedHash,
      clientSeed: clientSeed ?? seed.clientSeed,
      createdAt: now,
    });
    return seed;
  });
  return {
    revealed: {
      serverSeed: revealed.serverSeed,
      serverSeedHash: revealed.serverSeedHash,
      clientSeed: revealed.clientSeed,
      roundCount: revealed.nextNonce,
    },
    fairness: await fairnessState(deps, session.playerId, session.gameCode),
  };
}
