import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  PROVIDER_PLAYER_ID_PATTERN,
  PROVIDER_TRANSACTIONS_MAX_RANGE_MS,
  fieldError,
  type ProviderTransactionType,
  type TFailure,
  type TProviderAuthenticateRequest,
  type TProviderBalance,
  type TProviderBalanceRequest,
  type TProviderBetAndSettleRequest,
  type TProviderBetAndSettleResult,
  type TProviderCreditRequest,
  type TProviderDebitRequest,
  type TProviderRollbackRequest,
  type TProviderSession,
  type TProviderTransactionResult,
  type TProviderTransactions,
  type TProviderTransactionsRequest,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { failure, ok } from '../../platform/http/envelope';
import { DomainError, HTTP_STATUS_BY_CODE } from '../../platform/http/errors';
import { memberById, unendedSessionIds } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import type { CatalogueGame } from '../games/catalogue';
import { catalogueOf } from '../games/service';
import { requireMerchantById } from '../site/service';
import { lockMemberWallet, memberBalance, postEntries, systemAccount, type EntryDraft } from '../wallet/ledger';
import type { JournalKind } from '../wallet/schema';
import { recordBetTurnover } from '../wallet/turnover';
import type { GameLaunchTokenRow, GameProviderRow, GameRoundRow, GameTransactionRow } from './schema';
import * as store from './store';

/*
 * The provider API's rules (docs/GAME-PROVIDERS.md). Every money call runs in one transaction:
 * the request id is claimed first, the call's work runs, and its answer is stored with the request
 * id (a refusal, after that transaction rolled back, by one of its own), so a repeated request gets
 * the same answer and moves nothing. Business calls are idempotent by the provider's transaction id too (unique per
 * provider, type and id): a debit retried under a new request id answers what the first got.
 */

/**
 * What a call's launch token names, read before the call's transaction: the catalogue is read
 * through the app's handle (from memory), which must never be used inside a transaction (on the
 * embedded database's one connection it would wait for that very transaction).
 */
export interface LaunchContext {
  token: GameLaunchTokenRow;
  /** The launched game as players see it now; undefined once it is no longer offered. */
  game: CatalogueGame | undefined;
  /** The member's sign-in session it was made in has ended (sign-out, password change): the token no longer works. */
  ended: boolean;
}

/** The platform's side of the player's merchant: the house, and the play-money account trial players' money comes from. */
export interface PlatformAccounts {
  house: bigint;
  playMoney: bigint;
}

/** What every provider call is given: the provider, the clock, and for calls carrying a launch token what it names. */
export interface ProviderCall {
  provider: GameProviderRow;
  now: Date;
  launch?: LaunchContext | undefined;
  /** The member the call's playerId names, when this provider was given that id. */
  player?: ProviderPlayer | undefined;
  /** The platform's accounts of each merchant the call may move money for, by merchant id. */
  accounts: ReadonlyMap<number, PlatformAccounts>;
  /** The call's money movements, posted as its transaction's last statement (see MoneyPlan). */
  money: MoneyPlan;
}

/** Per database (several apps may run in one process, each on its own), by merchant id. */
const platformAccountIds = new WeakMap<Db, Map<number, PlatformAccounts>>();

/**
 * The merchant's house and play-money account ids, made if missing through the app's handle
 * (committed before any call's transaction uses them) and kept: an account's id never changes.
 */
export async function platformAccountsOf(db: Db, merchantId: number): Promise<PlatformAccounts | undefined> {
  let known = platformAccountIds.get(db);
  if (!known) {
    known = new Map();
    platformAccountIds.set(db, known);
  }
  let accounts = known.get(merchantId);
  if (!accounts) {
    // A player id may name a merchant that does not exist: its call is refused later (no such player).
    if (!(await merchantExists(db, merchantId))) return undefined;
    accounts = {
      house: (await systemAccount(db, merchantId, 'house')).id,
      playMoney: (await systemAccount(db, merchantId, 'play_money')).id,
    };
    known.set(merchantId, accounts);
  }
  return accounts;
}

/**
 * The money a call moves, planned while it runs and posted at its end. The member's wallet row is
 * locked on first use (so its balance cannot change under the plan, and a refused debit is known
 * before anything is posted); every entry is then posted in one statement as the last statement of
 * the call's transaction. The house account every call posts to is thus locked only for that
 * statement and the commit, not for the whole call: concurrent calls of different players run side
 * by side and queue on it only at the very end.
 */
export class MoneyPlan {
  readonly drafts: EntryDraft[] = [];
  /** The call's transactions' answers, stored with the request's answer in one statement once the work is done. */
  readonly answers: store.TransactionAnswer[] = [];
  private readonly wallets = new Map<number, { accountId: bigint; balance: bigint }>();

  private async wallet(tx: Tx, round: GameRoundRow) {
    let wallet = this.wallets.get(round.memberId);
    if (!wallet) {
      const locked = await lockMemberWallet(tx, round.merchantId, round.memberId);
      wallet = { accountId: locked.id, balance: locked.balance };
      this.wallets.set(round.memberId, wallet);
    }
    return wallet;
  }

  /** The member's balance with the planned movements applied. */
  async balance(tx: Tx, round: GameRoundRow): Promise<bigint> {
    return (await this.wallet(tx, round)).balance;
  }

  /**
   * Plans a movement between the member's wallet and the platform's side — the house, or for a
   * trial member the play-money account it came from (play money never touches the house's
   * figures). Positive amounts credit the member; answers the balance after it.
   */
  async move(
    tx: Tx,
    accounts: PlatformAccounts,
    round: GameRoundRow,
    kind: JournalKind,
    reference: string,
    toMember: bigint,
  ): Promise<bigint> {
    const wallet = await this.wallet(tx, round);
    if (wallet.balance + toMember < 0n) throw insufficientFunds(wallet.balance);
    wallet.balance += toMember;
    this.drafts.push({
      merchantId: round.merchantId,
      kind,
      reference,
      category: round.category,
      memo: `${round.gameName} · ${round.roundId}`,
      lines: [
        { accountId: wallet.accountId, amount: toMember },
        { accountId: round.trial ? accounts.playMoney : accounts.house, amount: -toMember },
      ],
    });
    return wallet.balance;
  }

  /** The provider's transaction `id` answers `response` from now on (its repeats under a new request id). */
  answer(id: bigint, response: TProviderTransactionResult, walletReference: string | null): void {
    this.answers.push({ id, response, walletReference });
  }

  /** Forgets what was planned (the call was refused and its savepoint rolled back). */
  clear(): void {
    this.drafts.length = 0;
    this.answers.length = 0;
    this.wallets.clear();
  }
}

async function merchantExists(db: Db, merchantId: number): Promise<boolean> {
  try {
    await requireMerchantById(db, merchantId);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === ERROR_CODES.notFound) return false;
    throw error;
  }
}

function accountsFor(call: ProviderCall, merchantId: number): PlatformAccounts {
  const accounts = call.accounts.get(merchantId);
  if (!accounts) throw new Error(`platform accounts of merchant ${merchantId} were not read before the call`);
  return accounts;
}

/** Reads the launch token a call carries and the game it names (undefined for an unknown token). */
export async function launchContextOf(db: Db, token: string): Promise<LaunchContext | undefined> {
  const row = await store.findLaunchToken(db, tokenHashOf(token));
  if (!row) return undefined;
  const merchant = await requireMerchantById(db, row.merchantId);
  const ended =
    row.memberSessionId === null ||
    !(await unendedSessionIds(db, row.merchantId, row.memberId, [row.memberSessionId])).has(row.memberSessionId);
  return { token: row, game: (await catalogueOf(db, merchant)).game(row.gameNodeId), ended };
}

export interface PlayerRef {
  merchantId: number;
  memberId: number;
}

/** A member as one provider knows them: its own id of them. */
export interface ProviderPlayer extends PlayerRef {
  playerId: string;
}

/** The provider's id of the member, made (random, 128 bits) at their first launch of its games. */
export async function providerPlayerIdOf(q: Queryable, providerId: number, player: PlayerRef): Promise<string> {
  return store.providerPlayerIdOf(q, { providerId, ...player }, randomBytes(16).toString('base64url'));
}

/** The member a call's player id names, when the calling provider was given that id (another provider's ids name no one). */
export async function providerPlayerOf(
  q: Queryable,
  providerId: number,
  playerId: string,
): Promise<ProviderPlayer | undefined> {
  if (!PROVIDER_PLAYER_ID_PATTERN.test(playerId)) return undefined;
  const row = await store.findProviderPlayer(q, providerId, playerId);
  return row && { playerId: row.playerId, merchantId: row.merchantId, memberId: row.memberId };
}

/** The member the call's player id names; refused like a member who does not exist when this provider was never given the id. */
function callPlayerOf(call: ProviderCall): ProviderPlayer {
  if (!call.player) throw refused(ERROR_CODES.playerUnknown, 'No such player, or the account is disabled');
  return call.player;
}

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const refused = (
  code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
  message: string,
  details?: Record<string, unknown>,
) => new DomainError(code, message, details);

/** The call's launch token, issued for this provider and not expired; the provider still switched on. */
function validLaunchOf(call: ProviderCall): LaunchContext {
  if (!call.provider.enabled)
    throw refused(
      ERROR_CODES.providerDisabled,
      `${call.provider.vendorCode} is switched off here: no new sessions or bets`,
    );
  const launch = call.launch;
  if (!launch || launch.token.providerId !== call.provider.id)
    throw refused(ERROR_CODES.tokenInvalid, 'No such launch token');
  if (launch.ended)
    throw refused(
      ERROR_CODES.tokenInvalid,
      'The player signed out (or changed the password) since this launch: the player launches the game again',
    );
  if (launch.token.expiresAt.getTime() <= call.now.getTime()) {
    throw refused(ERROR_CODES.tokenExpired, 'The launch token has expired: the player launches the game again', {
      expiredAt: launch.token.expiresAt.toISOString(),
    });
  }
  return launch;
}

async function playerOf(q: Queryable, player: PlayerRef): Promise<MemberRow> {
  const member = await memberById(q, player.merchantId, player.memberId);
  if (!member || member.disabled)
    throw refused(ERROR_CODES.playerUnknown, 'No such player, or the account is disabled');
  return member;
}

function assertSamePlayer(owner: PlayerRef, player: PlayerRef, what: string): void {
  if (owner.merchantId !== player.merchantId || owner.memberId !== player.memberId) {
    throw refused(ERROR_CODES.playerMismatch, `The player is not the one ${what} belongs to`);
  }
}

function assertRoundFits(round: GameRoundRow, player: PlayerRef, gameCode: string, currency: string): void {
  assertSamePlayer(round, player, `round ${round.roundId}`);
  if (round.gameCode !== gameCode)
    throw refused(ERROR_CODES.gameMismatch, `Round ${round.roundId} is of game ${round.gameCode}`);
  if (round.currency !== currency)
    throw refused(ERROR_CODES.currencyMismatch, `Round ${round.roundId} is played in ${round.currency}`);
}

function insufficientFunds(balance: bigint): DomainError {
  return refused(ERROR_CODES.insufficientFunds, 'Insufficient funds', { balance: Number(balance) });
}

/** The journal reference of a provider's transaction: one entry per (kind, reference) makes it post once. */
function walletReferenceOf(provider: GameProviderRow, transactionId: string): string {
  return `${provider.vendorCode}:${transactionId}`;
}

function resultOf(
  type: ProviderTransactionType,
  transactionId: string,
  player: ProviderPlayer,
  round: GameRoundRow,
  amount: bigint,
  balance: bigint,
  walletReference: string | null,
  now: Date,
): TProviderTransactionResult {
  return {
    transactionId,
    type,
    playerId: player.playerId,
    roundId: round.roundId,
    amount: Number(amount),
    currency: round.currency,
    balance: Number(balance),
    walletReference,
    processedAt: now.toISOString(),
  };
}

/**
 * A transaction id seen before: the same transaction (same player, round, amount, reference)
 * answers what it answered then; anything else under that id is a conflict.
 */
function replayOf(
  prior: GameTransactionRow,
  expected: { playerId: string; roundId?: string; amount?: number; reference?: string | null },
): TProviderTransactionResult {
  const answer = prior.response as TProviderTransactionResult;
  const same =
    answer.playerId === expected.playerId &&
    (expected.roundId === undefined || answer.roundId === expected.roundId) &&
    (expected.amount === undefined || answer.amount === expected.amount) &&
    (expected.reference === undefined || prior.referenceTransactionId === expected.reference);
  if (!same)
    throw refused(
      ERROR_CODES.transactionConflict,
      `Transaction ${prior.transactionId} was already processed with other details`,
    );
  return answer;
}

// ── the calls ──────────────────────────────────────────────────────────────────────────────────

/** The launch token's session (the token in the body is the one `call.launch` was read for). */
export async function authenticate(
  q: Queryable,
  call: ProviderCall,
  _request: TProviderAuthenticateRequest,
): Promise<TProviderSession> {
  const { token, game } = validLaunchOf(call);
  const member = await playerOf(q, token);
  if (!game) throw refused(ERROR_CODES.gameMismatch, 'The launched game is no longer offered');
  return {
    playerId: await providerPlayerIdOf(q, call.provider.id, token),
    nickname: member.nickname || member.username,
    currency: token.currency,
    balance: Number(await memberBalance(q, token.merchantId, token.memberId)),
    trial: token.trial,
    game: { code: game.row.code, name: game.row.name, category: game.row.category, nodeId: game.row.id },
    backUrl: token.backUrl,
    tokenExpiresAt: token.expiresAt.toISOString(),
  };
}

/**
 * The balance of a player this provider was given, while the player has a launch of its games
 * that has neither expired nor ended with a sign-out: a provider sees only its own players, and
 * only while they play.
 */
export async function balance(
  db: Db,
  call: Pick<ProviderCall, 'provider' | 'now' | 'player'>,
  request: TProviderBalanceRequest,
): Promise<TProviderBalance> {
  const player = callPlayerOf(call as ProviderCall);
  await playerOf(db, player);
  const launchSessions = await store.liveLaunchSessionIds(
    db,
    call.provider.id,
    player.merchantId,
    player.memberId,
    call.now,
  );
  if ((await unendedSessionIds(db, player.merchantId, player.memberId, launchSessions)).size === 0) {
    throw refused(
      ERROR_CODES.tokenExpired,
      'The player has no valid launch of your games: the player launches a game again',
    );
  }
  const merchant = await requireMerchantById(db, player.merchantId);
  return {
    playerId: request.playerId,
    currency: merchant.currencyCode,
    balance: Number(await memberBalance(db, player.merchantId, player.memberId)),
  };
}

/** A bet: the token must still be valid, the round open (or new) and the player's balance enough. */
export async function debit(
  tx: Tx,
  call: ProviderCall,
  request: TProviderDebitRequest,
): Promise<TProviderTransactionResult> {
  const { provider, now } = call;
  const prior = await store.findTransaction(tx, provider.id, 'debit', request.transactionId);
  if (prior) return replayOf(prior, { playerId: request.playerId, roundId: request.roundId, amount: request.amount });
  const { token, game } = validLaunchOf(call);
  const player = callPlayerOf(call);
  assertSamePlayer(token, player, 'the launch token');
  if (token.gameCode !== request.gameCode)
    throw refused(ERROR_CODES.gameMismatch, `The launch token is for game ${token.gameCode}`);
  if (token.currency !== request.currency)
    throw refused(ERROR_CODES.currencyMismatch, `The launch token is for ${token.currency}`);
  await playerOf(tx, player);

  let round = await store.lockRound(tx, provider.id, request.roundId);
  if (!round) {
    if (!game) throw refused(ERROR_CODES.gameMismatch, 'The launched game is no longer offered');
    round = await store.openRound(tx, {
      providerId: provider.id,
      roundId: request.roundId,
      merchantId: token.merchantId,
      memberId: token.memberId,
      gameNodeId: game.row.id,
      gameCode: game.row.code,
      gameName: game.row.name,
      vendorCode: game.vendor.code,
      vendorName: game.vendor.name,
      category: game.row.category,
      currency: token.currency,
      trial: token.trial,
      startedAt: now,
    });
  }
  assertRoundFits(round, player, request.gameCode, request.currency);
  if (round.status !== 'open') throw refused(ERROR_CODES.roundClosed, `Round ${round.roundId} is ${round.status}`);

  const amount = BigInt(request.amount);
  const claimed = await store.claimTransaction(tx, {
    providerId: provider.id,
    type: 'debit',
    transactionId: request.transactionId,
    roundPk: round.id,
    merchantId: round.merchantId,
    memberId: round.memberId,
    amount,
    response: {},
    createdAt: now,
  });
  if (!claimed)
    return replayOf((await store.findTransaction(tx, provider.id, 'debit', request.transactionId))!, {
      playerId: request.playerId,
      roundId: request.roundId,
      amount: request.amount,
    });
  const reference = walletReferenceOf(provider, request.transactionId);
  const after = await call.money.move(tx, accountsFor(call, round.merchantId), round, 'bet', reference, -amount);
  await store.updateRound(tx, round.id, { stake: round.stake + amount });
  const answer = resultOf('debit', request.transactionId, player, round, amount, after, reference, now);
  call.money.answer(claimed.id, answer, reference);
  return answer;
}

/**
 * A win (or a zero credit closing a lost round). Never refused because the launch token expired:
 * the bet it pays was taken while it was valid. The round's last credit settles it, and only then
 * does its stake count toward the member's turnover (a bet that is rolled back never does).
 */
export async function credit(
  tx: Tx,
  call: ProviderCall,
  request: TProviderCreditRequest,
): Promise<TProviderTransactionResult> {
  const { provider, now } = call;
  const expected = {
    playerId: request.playerId,
    roundId: request.roundId,
    amount: request.amount,
    reference: request.betTransactionId,
  };
  const prior = await store.findTransaction(tx, provider.id, 'credit', request.transactionId);
  if (prior) return replayOf(prior, expected);
  const player = callPlayerOf(call);
  const bet = await store.findTransaction(tx, provider.id, 'debit', request.betTransactionId);
  if (!bet) throw refused(ERROR_CODES.betUnknown, `No bet ${request.betTransactionId}`);
  assertSamePlayer(bet, player, `bet ${request.betTransactionId}`);
  const round = await store.lockRoundByPk(tx, bet.roundPk);
  if (round.roundId !== request.roundId)
    throw refused(
      ERROR_CODES.betUnknown,
      `Bet ${request.betTransactionId} is of round ${round.roundId}, not ${request.roundId}`,
    );
  assertRoundFits(round, player, request.gameCode, request.currency);
  // Read again under the round's lock: a rollback marks its bet while holding it.
  if ((await store.findTransaction(tx, provider.id, 'debit', request.betTransactionId))!.rolledBack) {
    throw refused(ERROR_CODES.betRolledBack, `Bet ${request.betTransactionId} was rolled back`);
  }
  if (round.status !== 'open') throw refused(ERROR_CODES.roundClosed, `Round ${round.roundId} is ${round.status}`);

  const amount = BigInt(request.amount);
  const claimed = await store.claimTransaction(tx, {
    providerId: provider.id,
    type: 'credit',
    transactionId: request.transactionId,
    roundPk: round.id,
    merchantId: round.merchantId,
    memberId: round.memberId,
    amount,
    referenceTransactionId: request.betTransactionId,
    response: {},
    createdAt: now,
  });
  if (!claimed)
    return replayOf((await store.findTransaction(tx, provider.id, 'credit', request.transactionId))!, expected);
  const reference = amount > 0n ? walletReferenceOf(provider, request.transactionId) : null;
  const after = reference
    ? await call.money.move(tx, accountsFor(call, round.merchantId), round, 'win', reference, amount)
    : await call.money.balance(tx, round);
  await store.updateRound(tx, round.id, {
    win: round.win + amount,
    credits: round.credits + 1,
    ...(request.roundEnded && { status: 'settled' as const, settledAt: now }),
  });
  const validStake = round.stake - round.refunded;
  if (request.roundEnded && !round.trial && validStake > 0n)
    await recordBetTurnover(tx, round.merchantId, round.memberId, validStake, now, round.category);
  const answer = resultOf('credit', request.transactionId, player, round, amount, after, reference, now);
  call.money.answer(claimed.id, answer, reference);
  return answer;
}

/**
 * Gives a bet back, once, while its round has no credit. Never refused because the token expired.
 * When every bet of the round is given back the round is refunded (closed, nothing won or lost).
 */
export async function rollback(
  tx: Tx,
  call: ProviderCall,
  request: TProviderRollbackRequest,
): Promise<TProviderTransactionResult> {
  const { provider, now } = call;
  const expected = { playerId: request.playerId, reference: request.referenceTransactionId };
  const prior = await store.findTransaction(tx, provider.id, 'rollback', request.transactionId);
  if (prior) return replayOf(prior, expected);
  const player = callPlayerOf(call);
  const named = await store.findTransactionsById(tx, provider.id, request.referenceTransactionId);
  const bet = named.find((row) => row.type === 'debit');
  if (!bet) {
    if (named.length > 0)
      throw refused(
        ERROR_CODES.rollbackNotBet,
        `Transaction ${request.referenceTransactionId} is a ${named[0]!.type}: only debits are rolled back`,
      );
    throw refused(ERROR_CODES.transactionUnknown, `No transaction ${request.referenceTransactionId}`);
  }
  assertSamePlayer(bet, player, `bet ${request.referenceTransactionId}`);
  const round = await store.lockRoundByPk(tx, bet.roundPk);
  const current = (await store.findTransaction(tx, provider.id, 'debit', request.referenceTransactionId))!;
  if (current.rolledBack)
    throw refused(ERROR_CODES.betRolledBack, `Bet ${request.referenceTransactionId} was already rolled back`);
  if (round.credits > 0)
    throw refused(ERROR_CODES.rollbackAfterCredit, `Round ${round.roundId} already has a credit: its bets stand`);

  const claimed = await store.claimTransaction(tx, {
    providerId: provider.id,
    type: 'rollback',
    transactionId: request.transactionId,
    roundPk: round.id,
    merchantId: round.merchantId,
    memberId: round.memberId,
    amount: bet.amount,
    referenceTransactionId: request.referenceTransactionId,
    response: {},
    createdAt: now,
  });
  if (!claimed)
    return replayOf((await store.findTransaction(tx, provider.id, 'rollback', request.transactionId))!, expected);
  const reference = walletReferenceOf(provider, request.transactionId);
  const after = await call.money.move(
    tx,
    accountsFor(call, round.merchantId),
    round,
    'bet_refund',
    reference,
    bet.amount,
  );
  await store.updateTransaction(tx, bet.id, { rolledBack: true });
  const refunded = round.refunded + bet.amount;
  const allBack = refunded === round.stake;
  await store.updateRound(tx, round.id, { refunded, ...(allBack && { status: 'refunded' as const, settledAt: now }) });
  const answer = resultOf('rollback', request.transactionId, player, round, bet.amount, after, reference, now);
  call.money.answer(claimed.id, answer, reference);
  return answer;
}

/** A round taken and settled at once: its debit, then its last credit, in one transaction. */
export async function betAndSettle(
  tx: Tx,
  call: ProviderCall,
  request: TProviderBetAndSettleRequest,
): Promise<TProviderBetAndSettleResult> {
  const bet = await debit(tx, call, {
    token: request.token,
    playerId: request.playerId,
    transactionId: request.betTransactionId,
    roundId: request.roundId,
    gameCode: request.gameCode,
    amount: request.betAmount,
    currency: request.currency,
  });
  const win = await credit(tx, call, {
    playerId: request.playerId,
    transactionId: request.winTransactionId,
    roundId: request.roundId,
    betTransactionId: request.betTransactionId,
    gameCode: request.gameCode,
    amount: request.winAmount,
    currency: request.currency,
    roundEnded: true,
  });
  return { bet, win, balance: win.balance, currency: win.currency };
}

/** Reconciliation: a round's transactions, or those processed in a time range, oldest first. */
export async function transactions(
  q: Queryable,
  provider: GameProviderRow,
  now: Date,
  request: TProviderTransactionsRequest,
): Promise<TProviderTransactions> {
  const offset = (request.page - 1) * request.pageSize;
  let filter: store.ReconciliationFilter;
  if (request.roundId !== undefined) {
    const round = await store.findRound(q, provider.id, request.roundId);
    if (!round) return { list: [], page: request.page, pageSize: request.pageSize, total: 0 };
    filter = { providerId: provider.id, roundPk: round.id };
  } else {
    if (request.from === undefined) {
      throw new DomainError(ERROR_CODES.validation, 'Give a roundId, or a time range from (and to)', {
        fields: [fieldError('from')],
      });
    }
    const from = new Date(request.from);
    const to = request.to === undefined ? now : new Date(request.to);
    if (!(to.getTime() > from.getTime()) || to.getTime() - from.getTime() > PROVIDER_TRANSACTIONS_MAX_RANGE_MS) {
      throw new DomainError(
        ERROR_CODES.validation,
        `from must be before to, at most ${PROVIDER_TRANSACTIONS_MAX_RANGE_MS / 86_400_000} days apart`,
        { fields: [fieldError('to')] },
      );
    }
    filter = { providerId: provider.id, from, to };
  }
  const { rows, total } = await store.providerTransactions(q, filter, offset, request.pageSize);
  return {
    list: rows.map(({ transaction, roundId, gameCode, currency, playerId }) => ({
      transactionId: transaction.transactionId,
      type: transaction.type,
      playerId: playerId ?? '',
      roundId,
      gameCode,
      amount: Number(transaction.amount),
      currency,
      referenceTransactionId: transaction.referenceTransactionId,
      rolledBack: transaction.rolledBack,
      walletReference: transaction.walletReference,
      processedAt: transaction.createdAt.toISOString(),
    })),
    page: request.page,
    pageSize: request.pageSize,
    total,
  };
}

// ── once per request id ────────────────────────────────────────────────────────────────────────

/** What a provider call is answered: the HTTP status and the envelope, exactly as stored. */
export interface ProviderAnswer {
  statusCode: number;
  body: { success: true; value: unknown } | TFailure;
}

/** A refusal as the app's error handler would answer it, so the stored answer is the one sent. */
export function refusalOf(error: DomainError): ProviderAnswer {
  const { fields, ...rest } = error.details;
  const value = fields ? { ...rest, fields } : Object.keys(rest).length > 0 ? rest : undefined;
  return { statusCode: HTTP_STATUS_BY_CODE[error.code], body: failure(error.code, error.message, value) };
}

export interface RequestIdentity {
  providerId: number;
  requestId: string;
  path: string;
  rawBody: string;
}

/**
 * Runs a call once per request id, in the transaction `run` gives (a group commit's unit or a
 * transaction of its own). The id is claimed first; a repeat (even a concurrent one, which waits
 * for the first to commit) gets the first's stored answer, a success or a refusal alike; the same
 * id with another path or body is refused. A refusal rolls back the whole transaction, then is
 * stored as the answer under the request id by a transaction of its own (a repeat that came in
 * between and was answered gets that answer instead: still one answer per request id).
 */
export function answerOnce<T>(
  run: (work: (tx: Tx) => Promise<ProviderAnswer>) => Promise<ProviderAnswer>,
  identity: RequestIdentity,
  now: Date,
  work: (tx: Tx, money: MoneyPlan) => Promise<T>,
): Promise<ProviderAnswer> {
  const bodyHash = createHash('sha256').update(identity.rawBody).digest('hex');
  /** Claims the request id: undefined when new, else the answer a repeat gets (the first's, or refused as reused). */
  const claim = async (tx: Tx): Promise<ProviderAnswer | undefined> => {
    if (
      await store.claimRequest(tx, {
        providerId: identity.providerId,
        requestId: identity.requestId,
        path: identity.path,
        bodyHash,
        createdAt: now,
      })
    )
      return undefined;
    const prior = await store.findRequest(tx, identity.providerId, identity.requestId);
    if (!prior || prior.path !== identity.path || prior.bodyHash !== bodyHash) {
      return refusalOf(
        refused(ERROR_CODES.requestIdReused, `Request id ${identity.requestId} was already used for another request`),
      );
    }
    return { statusCode: prior.statusCode, body: prior.response as ProviderAnswer['body'] };
  };
  let refusal: ProviderAnswer | undefined;
  const refusing = new Error('the call was refused: its transaction is rolled back');
  const accepted = run(async (tx) => {
    const repeat = await claim(tx);
    if (repeat) return repeat;
    const money = new MoneyPlan();
    let value: T;
    try {
      value = await work(tx, money);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Everything the work wrote goes with the transaction (no savepoint a call: two round trips fewer).
      refusal = refusalOf(error);
      throw refusing;
    }
    const answer: ProviderAnswer = { statusCode: 200, body: ok(value) };
    await store.storeRequestAnswer(
      tx,
      identity.providerId,
      identity.requestId,
      answer.statusCode,
      answer.body,
      money.answers,
    );
    // Last: the wallets were locked and checked, so the posting cannot be refused (see MoneyPlan).
    await postEntries(tx, money.drafts);
    return answer;
  });
  return accepted.catch((error: unknown) => {
    if (error !== refusing || !refusal) throw error;
    const answer = refusal;
    // The refusal stored under the request id by a transaction of its own (unless a repeat was answered meanwhile: its answer).
    return run(async (tx) => {
      const repeat = await claim(tx);
      if (repeat) return repeat;
      await store.storeRequestAnswer(tx, identity.providerId, identity.requestId, answer.statusCode, answer.body);
      return answer;
    });
  });
}
