import { randomBytes } from 'node:crypto';
import { type TPlaceBetsResult, wireCentavos } from '@palaro/contract';
import type { Db, Tx } from '../../platform/db/database';
import { claimKeys, releaseKeys, storeAnswers } from '../wallet/idempotency';
import {
  insufficientBalance,
  lockMemberWallets,
  postEntries,
  systemAccount,
  type EntryDraft,
  type LockedWallet,
} from '../wallet/ledger';
import type { MemberPricing } from './prize-groups';
import { isOnSale } from './rules';
import type { LotteryDrawRow, LotteryGameRow } from './schema';
import {
  betView,
  drawClosed,
  gameByCode,
  insertBets,
  drawLimitReached,
  isTrial,
  slipStake,
  type Bettor,
  type PlannedBet,
} from './slips';
import { memberStakesOnDraws } from './store/bets';
import { lockDrawsForSale } from './store/draws';

/** The idempotency operation of a player's slip (one key cannot be reused for another kind of request). */
export const SLIP_OPERATION = 'lottery.bet';

/**
 * At most this many slips share one transaction: the bets' insert, the answers' update and the
 * posting are one statement each whatever the number, and the posting runs prepared up to 64 entries.
 */
export const MAX_SLIP_GROUP = 48;

/**
 * What a slip is checked, priced and written by: a kept game whose row, read again with the draw in
 * the slip's group, differs in any of these is read afresh and the slip checked again.
 */
const GAME_TERMS = [
  'enabled',
  'family',
  'prizeMode',
  'prizeGroup',
  'minUnitStake',
  'maxBetStake',
  'maxDrawStakePerMember',
  'cancelAllowed',
  'gameCode',
  'nameEn',
] as const;

/** The slip was checked against a game row that has changed since: placeBets checks it again on a fresh read. */
export class GameChanged extends Error {
  constructor(gameCode: string) {
    super(`Lottery game ${gameCode} changed while a slip was checked against it`);
    this.name = 'GameChanged';
  }
}

/** A slip checked and priced before it waits for its group (service.ts placeBets). */
export interface SlipOrder {
  game: LotteryGameRow;
  bettor: Bettor;
  pricing: MemberPricing;
  planned: readonly PlannedBet[];
  numero: string;
  /** The member's Idempotency-Key and the hash of the request it came with (idempotency.ts requestHash). */
  key: string;
  requestHash: string;
}

interface Waiting {
  order: SlipOrder;
  resolve: (answer: TPlaceBetsResult) => void;
  reject: (error: unknown) => void;
  /** Its group failed as a whole: it runs again in a transaction of its own. */
  alone: boolean;
}

type Outcome = { ok: true; answer: TPlaceBetsResult } | { ok: false; error: unknown };

const ownerKey = (order: SlipOrder) => `${order.bettor.merchantId}:${order.bettor.memberId}:${order.key}`;

/**
 * Places players' slips in groups: the slips waiting when a group starts share one transaction and
 * one statement per step, whatever their number — the keys claimed, the draws held FOR SHARE, the
 * wallets and the house (play money for trial members) locked FOR UPDATE in id order, as a
 * settlement's bulk posting locks them (a wallet held while waiting for the house deadlocked with a
 * settlement holding the house and waiting for that wallet), the members' stakes on the draws read, the bets
 * inserted, the answers stored, the debits posted (one 'bet' entry per slip), one commit — instead
 * of eleven round trips and a commit per slip, each holding a pool connection.
 *
 * Each slip keeps its own outcome and the rules of one slip placed alone, applied slip by slip in
 * the group's order: a key already used answers its stored answer (another request under it is
 * refused), a draw not on sale by the server's clock, a slip over the member's limit on the draw
 * (counting the member's earlier slips of the group) or one the wallet does not cover (after the
 * member's earlier slips of the group) is refused and writes nothing — its key is released, as a
 * rolled-back transaction would have — and its neighbours are placed. Two slips of one group never
 * share a key: the later waits for the next group and finds the first's answer there. A group whose
 * transaction fails (a statement refused, the connection lost) commits nothing; each of its slips
 * then runs again alone, so only the slip at fault fails (a retry under the key is exact either way).
 *
 * One group runs its statements at a time; the next starts once the previous is committing. A
 * running group therefore only ever waits for locks of a committing one, and groups cannot deadlock
 * one another. The draw's share lock is held from the group's second statement to its commit, so
 * the lock job (FOR UPDATE) waits for the slips in flight and every later slip finds the draw locked.
 */
export class SlipCommitter {
  private readonly waiting: Waiting[] = [];
  private running = false;
  /** The house and play-money account ids by merchant, kept once a group that used them committed: an account's id never changes. */
  private readonly counterparts = new Map<string, bigint>();
  /**
   * Games by `merchantId:GAMECODE` as last read: a slip is checked against the kept row, which its
   * group reads again with the draw (in the same statement), so a slip is never placed under terms
   * older than its own transaction's.
   */
  private readonly games = new Map<string, LotteryGameRow>();
  /** Slips taken and groups (transactions) started, for benches and tests. */
  readonly stats = { slips: 0, groups: 0 };

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly maxGroupSize = MAX_SLIP_GROUP,
  ) {}

  /** An enabled game of the merchant by its code, as last read (`fresh`: read now); else lottery.game.unknown. */
  async game(db: Db, merchantId: number, gameCode: string, fresh: boolean): Promise<LotteryGameRow> {
    const name = `${merchantId}:${gameCode.toUpperCase()}`;
    const kept = fresh ? undefined : this.games.get(name);
    if (kept) return kept;
    this.games.delete(name);
    const game = await gameByCode(db, merchantId, gameCode);
    this.games.set(name, game);
    return game;
  }

  place(order: SlipOrder): Promise<TPlaceBetsResult> {
    return new Promise<TPlaceBetsResult>((resolve, reject) => {
      this.waiting.push({ order, resolve, reject, alone: false });
      this.startNextGroup();
    });
  }

  private startNextGroup(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const group: Waiting[] = [];
    if (this.waiting[0]!.alone) group.push(this.waiting.shift()!);
    else {
      const keys = new Set<string>();
      for (let index = 0; index < this.waiting.length && group.length < this.maxGroupSize;) {
        const slip = this.waiting[index]!;
        if (slip.alone || keys.has(ownerKey(slip.order))) {
          index += 1;
          continue;
        }
        keys.add(ownerKey(slip.order));
        group.push(slip);
        this.waiting.splice(index, 1);
      }
    }
    this.stats.slips += group.length;
    this.stats.groups += 1;
    void this.commitGroup(group);
  }

  /** Lets the next group run its statements while this one commits. */
  private statementsDone(): void {
    if (!this.running) return;
    this.running = false;
    this.startNextGroup();
  }

  private async commitGroup(group: Waiting[]): Promise<void> {
    const outcomes = new Map<Waiting, Outcome>();
    const counterpartsUsed = new Map<string, bigint>();
    try {
      await this.db.transaction(async (tx) => {
        // A run again after a deadlock (conflict-retry.ts) starts from nothing.
        outcomes.clear();
        counterpartsUsed.clear();
        await this.runGroup(tx, group, outcomes, counterpartsUsed);
        this.statementsDone();
      });
    } catch (error) {
      this.statementsDone();
      if (group.length === 1) group[0]!.reject(error);
      else {
        // Nothing of the group committed: each slip again on its own, so that only the one at fault fails.
        this.waiting.unshift(...group.map((slip) => ({ ...slip, alone: true })));
        this.startNextGroup();
      }
      return;
    }
    for (const [name, id] of counterpartsUsed) this.counterparts.set(name, id);
    for (const slip of group) {
      const outcome = outcomes.get(slip)!;
      if (outcome.ok) slip.resolve(outcome.answer);
      else slip.reject(outcome.error);
    }
  }

  private async counterpartOf(tx: Tx, bettor: Bettor, used: Map<string, bigint>): Promise<bigint> {
    const kind = isTrial(bettor) ? 'play_money' : 'house';
    const name = `${bettor.merchantId}:${kind}`;
    let id = this.counterparts.get(name) ?? used.get(name);
    if (id === undefined) {
      id = (await systemAccount(tx, bettor.merchantId, kind)).id;
      used.set(name, id);
    }
    return id;
  }

  private async runGroup(
    tx: Tx,
    group: Waiting[],
    outcomes: Map<Waiting, Outcome>,
    counterpartsUsed: Map<string, bigint>,
  ): Promise<void> {
    const time = this.now();

    // The keys first, as idempotent() claims them: a key used before answers what it answered then.
    const claims = await claimKeys(
      tx,
      group.map(({ order }) => ({
        merchantId: order.bettor.merchantId,
        memberId: order.bettor.memberId,
        key: order.key,
        operation: SLIP_OPERATION,
        request: null,
        requestHash: order.requestHash,
      })),
    );
    const live: Waiting[] = [];
    group.forEach((slip, index) => {
      const claim = claims[index]!;
      if (claim.claimed) live.push(slip);
      else
        outcomes.set(
          slip,
          'error' in claim ? { ok: false, error: claim.error } : { ok: true, answer: claim.answer as TPlaceBetsResult },
        );
    });
    if (live.length === 0) return;

    // The draws held FOR SHARE and on sale by the server's clock.
    const draws = await this.shareDraws(tx, live);
    // The members' wallets locked (in id order), then what they already staked on these draws: read after the lock, so it counts every slip committed before.
    const wallets = await this.lockWallets(tx, live, counterpartsUsed);
    const staked = await this.stakesOnDraws(tx, live, draws);

    const passing: {
      slip: Waiting;
      draw: LotteryDrawRow;
      wallet: LockedWallet;
      total: bigint;
      balance: bigint;
      reference: string;
    }[] = [];
    const released: Waiting[] = [];
    for (const slip of live) {
      const { order } = slip;
      try {
        const found = draws.get(`${order.game.id}:${order.numero}`);
        if (found && GAME_TERMS.some((term) => found.game[term] !== order.game[term])) {
          this.games.delete(`${order.game.merchantId}:${order.game.gameCode}`);
          throw new GameChanged(order.game.gameCode);
        }
        const draw = found?.draw;
        if (!draw || !isOnSale(draw, time)) throw drawClosed(order.game, order.numero);
        const total = slipStake(order.planned);
        const stakedKey = `${draw.id}:${order.bettor.memberId}`;
        const already = staked.get(stakedKey) ?? 0n;
        if (already + total > order.game.maxDrawStakePerMember) throw drawLimitReached(order.game, already);
        const wallet = wallets.get(`${order.bettor.merchantId}:${order.bettor.memberId}`)!;
        if (wallet.balance < total) throw insufficientBalance();
        staked.set(stakedKey, already + total);
        wallet.balance -= total;
        passing.push({
          slip,
          draw,
          wallet,
          total,
          balance: wallet.balance,
          reference: `LS${draw.id}-${randomBytes(6).toString('hex').toUpperCase()}`,
        });
      } catch (error) {
        outcomes.set(slip, { ok: false, error });
        released.push(slip);
      }
    }

    // A refused slip writes nothing: its key is released, as the rollback of its own transaction would.
    await releaseKeys(
      tx,
      released.map(({ order }) => ({
        merchantId: order.bettor.merchantId,
        memberId: order.bettor.memberId,
        key: order.key,
      })),
    );
    if (passing.length === 0) return;

    const rowsOf = await insertBets(
      tx,
      passing.map(({ slip: { order }, draw, reference }) => ({
        game: order.game,
        draw,
        bettor: order.bettor,
        planned: order.planned,
        pricing: order.pricing,
        reference,
        chaseId: null,
        now: time,
      })),
    );
    const drafts: EntryDraft[] = [];
    for (const [index, { slip, draw, wallet, total, balance, reference }] of passing.entries()) {
      const { order } = slip;
      const answer: TPlaceBetsResult = {
        bets: rowsOf[index]!.map((row) => betView(order.game, row, draw, time)),
        totalStake: wireCentavos(total),
        balance: wireCentavos(balance),
      };
      outcomes.set(slip, { ok: true, answer });
      drafts.push({
        merchantId: order.bettor.merchantId,
        kind: 'bet',
        reference,
        category: 'ELOTT',
        memo: `${order.game.nameEn} ${draw.numero}`,
        lines: [
          { accountId: wallet.id, amount: -total },
          { accountId: await this.counterpartOf(tx, order.bettor, counterpartsUsed), amount: total },
        ],
      });
    }
    await storeAnswers(
      tx,
      passing.map(({ slip }) => ({
        owner: { merchantId: slip.order.bettor.merchantId, memberId: slip.order.bettor.memberId, key: slip.order.key },
        answer: (outcomes.get(slip) as { answer: TPlaceBetsResult }).answer,
      })),
    );
    // The wallets were locked and checked, so the posting cannot be refused.
    await postEntries(tx, drafts);
  }

  /** The slips' draws, held FOR SHARE, each with its game as it is now, by `gameId:numero`. */
  private async shareDraws(
    tx: Tx,
    live: Waiting[],
  ): Promise<Map<string, { draw: LotteryDrawRow; game: LotteryGameRow }>> {
    const wanted = new Map(live.map(({ order }) => [`${order.game.id}:${order.numero}`, order] as const));
    const rows = await lockDrawsForSale(
      tx,
      [...wanted.values()].map((order) => ({ gameId: order.game.id, numero: order.numero })),
    );
    return new Map(rows.map((row) => [`${row.draw.gameId}:${row.draw.numero}`, row]));
  }

  /** The slips' members' wallets, locked, by `merchantId:memberId`. */
  private async lockWallets(
    tx: Tx,
    live: Waiting[],
    counterpartsUsed: Map<string, bigint>,
  ): Promise<Map<string, LockedWallet>> {
    const ofMerchant = new Map<number, { members: Set<number>; counterparts: Set<bigint> }>();
    for (const { order } of live) {
      const merchant = ofMerchant.get(order.bettor.merchantId) ?? {
        members: new Set<number>(),
        counterparts: new Set<bigint>(),
      };
      merchant.members.add(order.bettor.memberId);
      merchant.counterparts.add(await this.counterpartOf(tx, order.bettor, counterpartsUsed));
      ofMerchant.set(order.bettor.merchantId, merchant);
    }
    const wallets = new Map<string, LockedWallet>();
    for (const [merchantId, { members, counterparts }] of ofMerchant) {
      // The house with the wallets, after them (the ledger's lock order, as every posting takes them).
      for (const [memberId, wallet] of await lockMemberWallets(tx, merchantId, [...members], [...counterparts]))
        wallets.set(`${merchantId}:${memberId}`, wallet);
    }
    return wallets;
  }

  /** Each slip's member's stakes on its draw (cancelled bets not counted), by `drawId:memberId`. */
  private async stakesOnDraws(
    tx: Tx,
    live: Waiting[],
    draws: Map<string, { draw: LotteryDrawRow }>,
  ): Promise<Map<string, bigint>> {
    const pairs = new Map<string, { drawId: number; memberId: number }>();
    for (const { order } of live) {
      const draw = draws.get(`${order.game.id}:${order.numero}`)?.draw;
      if (draw) pairs.set(`${draw.id}:${order.bettor.memberId}`, { drawId: draw.id, memberId: order.bettor.memberId });
    }
    if (pairs.size === 0) return new Map();
    const rows = await memberStakesOnDraws(tx, [...pairs.values()]);
    return new Map(rows.map((row) => [`${row.drawId}:${row.memberId}`, row.total]));
  }
}
