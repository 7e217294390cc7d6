import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  GAME_RECORDS_DEFAULT_DAYS,
  INHOUSE_LAUNCH_URL_TEMPLATE,
  INHOUSE_VENDOR_CODE,
  LAUNCH_TOKEN_TTL_MS,
  MEMBER_TYPES,
  PROVIDER_REQUEST_RETENTION_DAYS,
  REPORT_MAX_DAYS,
  WEB_ROUTES,
  fieldError,
  type TGameRecords,
  type TGameRecordsQuery,
  type TLaunchGame,
  type TLaunchGameQuery,
  type TOperatorProvider,
  type TOperatorProviders,
  type TOperatorProviderSecret,
  type TOperatorProviderUpdate,
  type TOperatorRound,
} from '@palaro/contract';
import type { MerchantContext } from '../site/request-context';
import type { Db, Queryable } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { dayRange } from '../../platform/time-zone';
import type { MemberRow } from '../accounts/schema';
import { usernamesOf } from '../accounts/members';
import { recordAudit } from '../audit/service';
import { catalogueOf, recordRecentGame } from '../games/service';
import { requireMerchantByCode, requireMerchantById } from '../site/service';
import { tokenHashOf } from './provider-api';
import type { GameProviderRow, GameRoundRow } from './schema';
import { newProviderSecret } from './signing';
import * as store from './store';

// ── the provider registry ──────────────────────────────────────────────────────────────────────

/** What a provider's game server needs to call us: its code and secret (our in-house games ask here). */
export interface ProviderCredentials {
  vendorCode: string;
  secret: string;
}

/**
 * The credentials of a connected provider, or undefined when none is. Also while it is switched off:
 * it may no longer take bets, but must still settle the rounds already played. Read fresh each
 * time: a rotated secret takes effect at once. The secret must never be logged.
 */
export async function providerCredentials(q: Queryable, vendorCode: string): Promise<ProviderCredentials | undefined> {
  const provider = await store.findProviderByCode(q, vendorCode);
  return provider ? { vendorCode: provider.vendorCode, secret: provider.secret } : undefined;
}

/** The provider with this code, switched on or off (its calls check what it may still do). */
export function registeredProvider(q: Queryable, vendorCode: string): Promise<GameProviderRow | undefined> {
  return store.findProviderByCode(q, vendorCode);
}

/** The in-house game server is a provider of every installation: added with a random secret if absent. */
export async function seedInhouseProvider(q: Queryable): Promise<void> {
  await store.insertProviderIfAbsent(q, {
    vendorCode: INHOUSE_VENDOR_CODE,
    name: 'Palaro Originals',
    secret: newProviderSecret(),
    launchUrlTemplate: INHOUSE_LAUNCH_URL_TEMPLATE,
  });
}

/** A connected, switched-on provider by the code a call names, or undefined. */
export async function activeProvider(q: Queryable, vendorCode: string): Promise<GameProviderRow | undefined> {
  const provider = await store.findProviderByCode(q, vendorCode);
  return provider?.enabled ? provider : undefined;
}

// ── launch ─────────────────────────────────────────────────────────────────────────────────────

function notFound(message: string): NotFoundError {
  return new NotFoundError(message);
}

/** The provider's launch URL template with each placeholder filled in, URL-encoded. */
export function launchUrlOf(
  template: string,
  values: { gameCode: string; token: string; back: string; language: string },
): string {
  return template.replace(/\{(gameCode|token|back|language)\}/g, (_match, name: keyof typeof values) =>
    encodeURIComponent(values[name]),
  );
}

/**
 * Launches a game for the signed-in member: the game must be in the merchant's catalogue as players
 * see it (so a disabled game or vendor, and cockfight while its switch is off, are not found) and of
 * the named vendor; a trial member only plays games that allow play money; the vendor needs a
 * provider connected here. Mints a launch token bound to member, game and currency and to the
 * sign-in session it is made in (it ends with that session), records the game among the member's
 * recents, and answers where to navigate.
 */
export async function launchGame(
  ctx: MerchantContext,
  { member, session }: { member: MemberRow; session: { id: number } },
  query: TLaunchGameQuery,
): Promise<TLaunchGame> {
  const now = ctx.now();
  const catalogue = await catalogueOf(ctx.db, ctx.merchant);
  const game = catalogue.game(query.nodeId);
  if (!game || game.vendor.code !== query.vendor) throw notFound('No such game of this vendor in this catalogue');
  const category = query.gameType ?? query.category;
  if (category !== undefined && category !== game.row.category) {
    throw new DomainError(ERROR_CODES.validation, `This game is of category ${game.row.category}`, {
      fields: [fieldError('gameType')],
    });
  }
  // The game's own code, or the room of one of its hot matches.
  if (
    query.gameId !== undefined &&
    query.gameId !== game.row.code &&
    !catalogue.matches.some((match) => match.gameId === game.row.id && match.roomId === query.gameId)
  ) {
    throw notFound(`No game or room ${query.gameId} of this game`);
  }
  const trial = member.type === MEMBER_TYPES.trial;
  if (trial && !game.row.supportPlay)
    throw new DomainError(ERROR_CODES.trialRefused, 'Please login an actual account to use this function');
  const provider = await activeProvider(ctx.db, game.vendor.code);
  if (!provider) {
    throw new DomainError(
      ERROR_CODES.providerNotConnected,
      `${game.vendor.name} is not connected in this installation: its games cannot be played here`,
      { vendor: game.vendor.code },
    );
  }

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS);
  const backUrl = query.pageBack ?? WEB_ROUTES.home;
  await store.insertLaunchToken(ctx.db, {
    tokenHash: tokenHashOf(token),
    providerId: provider.id,
    merchantId: ctx.merchant.id,
    memberId: member.id,
    gameNodeId: game.row.id,
    gameCode: game.row.code,
    currency: ctx.merchant.currencyCode,
    trial,
    backUrl,
    language: query.language ?? null,
    memberSessionId: session.id,
    createdAt: now,
    expiresAt,
  });
  await recordRecentGame(ctx.db, { merchant: ctx.merchant, memberId: member.id }, game.row.id, now);
  return {
    gameUrl: launchUrlOf(provider.launchUrlTemplate, {
      gameCode: game.row.code,
      token,
      back: backUrl,
      language: query.language ?? '',
    }),
    vendor: game.vendor.code,
    nodeId: game.row.id,
    gameId: game.row.code,
    expiresAt: expiresAt.toISOString(),
  };
}

// ── betting records ────────────────────────────────────────────────────────────────────────────

const netOf = (round: Pick<GameRoundRow, 'stake' | 'refunded' | 'win'>) => round.win + round.refunded - round.stake;

/** The member's rounds in a day range of the merchant's time zone, newest first, with totals over the whole filter. */
export async function gameRecords(
  q: Queryable,
  merchant: { id: number; timeZone: string },
  memberId: number,
  query: TGameRecordsQuery,
  now: Date,
): Promise<TGameRecords> {
  const range = dayRange(query, merchant.timeZone, now, GAME_RECORDS_DEFAULT_DAYS, REPORT_MAX_DAYS);
  const filter = { merchantId: merchant.id, memberId, start: range.start, end: range.end, category: query.gameType };
  const [rows, totals] = await Promise.all([
    store.memberRounds(q, filter, (query.page - 1) * query.pageSize, query.pageSize),
    store.memberRoundTotals(q, filter),
  ]);
  return {
    list: rows.map((round) => ({
      roundId: round.roundId,
      vendor: round.vendorCode,
      vendorName: round.vendorName,
      gameName: round.gameName,
      gameId: round.gameCode,
      nodeId: round.gameNodeId,
      gameType: round.category,
      time: round.startedAt.toISOString(),
      settledAt: round.settledAt?.toISOString() ?? null,
      stake: Number(round.stake),
      refunded: Number(round.refunded),
      win: Number(round.win),
      net: Number(netOf(round)),
      status: round.status,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals.total,
    totals: {
      stake: Number(totals.stake),
      refunded: Number(totals.refunded),
      win: Number(totals.win),
      net: Number(netOf(totals)),
    },
    from: range.from,
    to: range.to,
    timeZone: merchant.timeZone,
  };
}

// ── housekeeping ───────────────────────────────────────────────────────────────────────────────

/** Launch tokens a day past expiry and request ids past their retention are forgotten (rounds and transactions stay). */
export async function purgeExpired(q: Queryable, now: Date): Promise<{ tokens: number; requests: number }> {
  const tokens = await store.deleteLaunchTokensExpiredBefore(q, new Date(now.getTime() - 86_400_000));
  const requests = await store.deleteRequestsBefore(
    q,
    new Date(now.getTime() - PROVIDER_REQUEST_RETENTION_DAYS * 86_400_000),
  );
  return { tokens, requests };
}

// ── the operator ───────────────────────────────────────────────────────────────────────────────

function toOperatorProvider(provider: GameProviderRow): TOperatorProvider {
  return {
    vendorCode: provider.vendorCode,
    name: provider.name,
    enabled: provider.enabled,
    launchUrlTemplate: provider.launchUrlTemplate,
    secretRotatedAt: provider.secretRotatedAt.toISOString(),
    lastCallAt: provider.lastCallAt?.toISOString() ?? null,
  };
}

/** Every provider; with a merchant, also each vendor of its catalogue and whether its games can be launched here. */
export async function operatorProviders(db: Db, merchantCode: string | undefined): Promise<TOperatorProviders> {
  const providers = await store.listProviders(db);
  const connected = new Set(providers.filter((provider) => provider.enabled).map((provider) => provider.vendorCode));
  const vendors =
    merchantCode === undefined
      ? []
      : (await catalogueOf(db, await requireMerchantByCode(db, merchantCode))).vendors.map((vendor) => ({
          vendorCode: vendor.code,
          vendorName: vendor.name,
          connected: connected.has(vendor.code),
        }));
  return { list: providers.map(toOperatorProvider), vendors };
}

async function requireProvider(q: Queryable, vendorCode: string): Promise<GameProviderRow> {
  const provider = await store.findProviderByCode(q, vendorCode);
  if (!provider) throw notFound(`No provider ${vendorCode} is connected in this installation`);
  return provider;
}

export async function updateProvider(
  db: Db,
  vendorCode: string,
  update: TOperatorProviderUpdate,
  actor: string,
): Promise<TOperatorProvider> {
  return db.transaction(async (tx) => {
    const provider = await requireProvider(tx, vendorCode);
    const row = await store.updateProvider(tx, provider.id, { enabled: update.enabled });
    await recordAudit(tx, {
      actor,
      action: 'game-wallet.provider.update',
      merchantId: null,
      details: { vendor: provider.vendorCode, ...update },
    });
    return toOperatorProvider(row);
  });
}

/** A new secret for the provider, answered once; the old one stops working at once. The audit row never holds it. */
export async function rotateProviderSecret(
  db: Db,
  vendorCode: string,
  actor: string,
  now: Date,
): Promise<TOperatorProviderSecret> {
  return db.transaction(async (tx) => {
    const provider = await requireProvider(tx, vendorCode);
    const secret = newProviderSecret();
    const row = await store.updateProvider(tx, provider.id, { secret, secretRotatedAt: now });
    await recordAudit(tx, {
      actor,
      action: 'game-wallet.provider.rotate-secret',
      merchantId: null,
      details: { vendor: provider.vendorCode },
    });
    return { vendorCode: row.vendorCode, secret, secretRotatedAt: now.toISOString() };
  });
}

async function toOperatorRound(q: Queryable, provider: GameProviderRow, round: GameRoundRow): Promise<TOperatorRound> {
  const merchant = await requireMerchantById(q, round.merchantId);
  const usernames = await usernamesOf(q, round.merchantId, [round.memberId]);
  const { rows } = await store.providerTransactions(q, { providerId: provider.id, roundPk: round.id }, 0, 1000);
  return {
    vendorCode: provider.vendorCode,
    roundId: round.roundId,
    merchantCode: merchant.code,
    memberId: round.memberId,
    username: usernames.get(round.memberId) ?? null,
    gameId: round.gameCode,
    gameName: round.gameName,
    gameType: round.category,
    stake: Number(round.stake),
    refunded: Number(round.refunded),
    win: Number(round.win),
    status: round.status,
    startedAt: round.startedAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
    transactions: rows.map(({ transaction, playerId }) => ({
      transactionId: transaction.transactionId,
      type: transaction.type,
      playerId: playerId ?? '',
      roundId: round.roundId,
      gameCode: round.gameCode,
      amount: Number(transaction.amount),
      currency: round.currency,
      referenceTransactionId: transaction.referenceTransactionId,
      rolledBack: transaction.rolledBack,
      walletReference: transaction.walletReference,
      processedAt: transaction.createdAt.toISOString(),
    })),
  };
}

export async function operatorRound(db: Db, vendorCode: string, roundId: string): Promise<TOperatorRound> {
  const provider = await requireProvider(db, vendorCode);
  const round = await store.findRound(db, provider.id, roundId);
  if (!round) throw notFound(`No round ${roundId} of ${provider.vendorCode}`);
  return toOperatorRound(db, provider, round);
}

/** The round that holds a provider's transaction (of any type), with all of its transactions. */
export async function operatorTransactionRound(
  db: Db,
  vendorCode: string,
  transactionId: string,
): Promise<TOperatorRound> {
  const provider = await requireProvider(db, vendorCode);
  const [transaction] = await store.findTransactionsById(db, provider.id, transactionId);
  if (!transaction) throw notFound(`No transaction ${transactionId} of ${provider.vendorCode}`);
  const round = await store.findRoundByPk(db, transaction.roundPk);
  return toOperatorRound(db, provider, round);
}
