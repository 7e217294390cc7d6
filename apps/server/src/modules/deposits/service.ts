import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES, fieldError, REPORT_MAX_DAYS,
  type DepositStatus, type TDepositChannel, type TDepositOrder, type TDepositRecords, type TDepositRequest,
  type TGatewayAnswer, type TOperatorDeposit, type TOperatorDeposits,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { dayRange } from '../../platform/time-zone';
import { members, type MemberRow } from '../accounts/schema';
import { insertAudit } from '../operator/store';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import { lockMemberWallet, memberCashAccount, postEntry, systemAccount, type LedgerLine } from '../wallet/ledger';
import { notifyMember } from '../wallet/notifications';
import { walletSettingsOf } from '../wallet/settings';
import { addTurnoverRequirement } from '../wallet/turnover';
import type { GatewayRegistry, RawCallback } from './gateway';
import { amountWithinLimits, depositFee, gatewayOutcome, newDepositOrderNo, statusAfter } from './rules';
import { depositOrders, gatewayEvents, paymentChannels, type DepositOrderRow, type PaymentChannelRow } from './schema';

/** A member may have this many orders waiting at once; more is usually a page opened twice. */
export const MAX_PENDING_ORDERS = 3;
const DEFAULT_RECORD_DAYS = 7;

type ChannelView = Pick<PaymentChannelRow, 'name' | 'method' | 'kind' | 'gateway'>;
const channelView = { name: paymentChannels.name, method: paymentChannels.method, kind: paymentChannels.kind, gateway: paymentChannels.gateway };

export function toChannelDto(channel: PaymentChannelRow): TDepositChannel {
  return {
    id: channel.id,
    method: channel.method,
    kind: channel.kind,
    name: channel.name,
    minAmount: Number(channel.minAmount),
    maxAmount: Number(channel.maxAmount),
    feeBasisPoints: channel.feeBasisPoints,
    feeFixed: Number(channel.feeFixed),
    presetAmounts: channel.presetAmounts,
    instructions: channel.instructions,
    displayOrder: channel.displayOrder,
  };
}

function toOrderDto(order: DepositOrderRow, channel: ChannelView, gateways: GatewayRegistry, paymentUrl?: string): TDepositOrder {
  const adapter = channel.gateway ? gateways.get(channel.gateway) : undefined;
  const payable = order.status === 'pending' && channel.kind === 'online';
  return {
    orderNo: order.orderNo,
    channelName: channel.name,
    method: channel.method,
    amount: Number(order.amount),
    fee: Number(order.fee),
    creditAmount: Number(order.amount - order.fee),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    decidedAt: order.decidedAt?.toISOString() ?? null,
    paymentUrl: payable ? (paymentUrl ?? adapter?.paymentUrlOf(order) ?? null) : null,
    note: order.note,
  };
}

// ── expiry ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Expires pending online orders whose time is up (all of them, or one member's). A callback that
 * holds the order's row lock finishes first; this update then sees the order no longer pending.
 */
export async function expireDueOrders(q: Queryable, now: Date, scope?: { merchantId: number; memberId: number }): Promise<number> {
  const expired = await q
    .update(depositOrders)
    .set({ status: 'expired', decidedAt: now })
    .where(and(
      eq(depositOrders.status, 'pending'),
      lte(depositOrders.expiresAt, now),
      scope ? and(eq(depositOrders.merchantId, scope.merchantId), eq(depositOrders.memberId, scope.memberId)) : undefined,
    ))
    .returning({ id: depositOrders.id });
  return expired.length;
}

// ── member side ────────────────────────────────────────────────────────────────────────────────

/**
 * The enabled channels the member's VIP level reaches, in display order, and the turnover a deposit
 * brings. An online channel whose gateway this server does not run (the sandbox in production) is
 * left out: the player could not pay through it.
 */
export async function depositChannels(q: Queryable, gateways: GatewayRegistry, merchantId: number, vipLevel: number) {
  const rows = await q
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, merchantId), eq(paymentChannels.enabled, true), lte(paymentChannels.minVipLevel, vipLevel)))
    .orderBy(asc(paymentChannels.displayOrder), asc(paymentChannels.id));
  const settings = await walletSettingsOf(q, merchantId);
  const payable = rows.filter((channel) => channel.kind !== 'online' || (channel.gateway !== null && gateways.get(channel.gateway) !== undefined));
  return { list: payable.map(toChannelDto), turnoverMultiplierPercent: settings.depositTurnoverPercent };
}

function amountOutOfRange(channel: PaymentChannelRow): DomainError {
  return new DomainError(ERROR_CODES.amountOutOfRange, 'The amount is outside what this channel accepts', {
    fields: [fieldError('amount')], minAmount: Number(channel.minAmount), maxAmount: Number(channel.maxAmount),
  });
}

export interface NewDeposit {
  merchant: Pick<MerchantRow, 'id' | 'name' | 'currencyCode'>;
  member: Pick<MemberRow, 'id' | 'vipLevel'>;
  request: TDepositRequest;
  now: Date;
}

/** Opens a deposit order inside the caller's (idempotent) transaction. */
export async function createDepositOrder(tx: Tx, gateways: GatewayRegistry, deposit: NewDeposit): Promise<TDepositOrder> {
  const { merchant, member, request, now } = deposit;
  const [channel] = await tx
    .select()
    .from(paymentChannels)
    .where(and(
      eq(paymentChannels.id, request.channelId), eq(paymentChannels.merchantId, merchant.id), eq(paymentChannels.enabled, true),
      lte(paymentChannels.minVipLevel, member.vipLevel),
    ));
  const adapter = channel?.gateway ? gateways.get(channel.gateway) : undefined;
  if (!channel || (channel.kind === 'online' && !adapter)) {
    throw new DomainError(ERROR_CODES.channelUnavailable, 'This deposit channel is not available', { fields: [fieldError('channelId')] });
  }
  const amount = BigInt(request.amount);
  const fee = depositFee(amount, channel);
  // A fee that eats the whole amount would credit nothing: no better than out of range.
  if (!amountWithinLimits(amount, channel) || fee >= amount) throw amountOutOfRange(channel);

  const isBankTransfer = channel.kind === 'bank_transfer';
  if (isBankTransfer) {
    const missing = (['senderName', 'senderReference'] as const).filter((field) => !request[field]);
    if (missing.length > 0) {
      throw new DomainError(ERROR_CODES.validation, 'A bank transfer needs the sender name and the transfer reference', { fields: missing.map(fieldError) });
    }
  }

  // The wallet's row lock makes the pending count below exact when one member submits twice at once.
  await lockMemberWallet(tx, merchant.id, member.id);
  await expireDueOrders(tx, now, { merchantId: merchant.id, memberId: member.id });
  const [pending] = await tx
    .select({ count: count() })
    .from(depositOrders)
    .where(and(eq(depositOrders.merchantId, merchant.id), eq(depositOrders.memberId, member.id), eq(depositOrders.status, 'pending')));
  if ((pending?.count ?? 0) >= MAX_PENDING_ORDERS) {
    throw new DomainError(ERROR_CODES.depositPending, `You already have ${MAX_PENDING_ORDERS} deposits waiting; finish or wait for them first`);
  }

  const orderNo = newDepositOrderNo();
  const session = adapter
    ? await adapter.createPayment({ orderNo, amount, currencyCode: merchant.currencyCode, merchantName: merchant.name, channelName: channel.name })
    : null;
  const { depositExpiryMinutes } = await walletSettingsOf(tx, merchant.id);
  const [order] = await tx
    .insert(depositOrders)
    .values({
      merchantId: merchant.id, memberId: member.id, channelId: channel.id, orderNo, amount, fee,
      senderName: isBankTransfer ? request.senderName! : null,
      senderReference: isBankTransfer ? request.senderReference! : null,
      receiptImage: isBankTransfer ? (request.receiptImage ?? null) : null,
      gatewayReference: session?.gatewayReference ?? null,
      // Bank transfers wait for an operator, however long that takes.
      expiresAt: isBankTransfer ? null : new Date(now.getTime() + depositExpiryMinutes * 60_000),
      createdAt: now,
    })
    .returning();
  return toOrderDto(order!, channel, gateways, session?.paymentUrl);
}

export interface DepositRecordsQuery {
  status?: DepositStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** The member's deposit orders in a day range of the merchant's time zone, newest first; totals over the whole filtered range. */
export async function depositRecords(
  q: Queryable, gateways: GatewayRegistry, merchant: Pick<MerchantRow, 'id' | 'timeZone'>, memberId: number, query: DepositRecordsQuery, now: Date,
): Promise<TDepositRecords> {
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_RECORD_DAYS, REPORT_MAX_DAYS);
  await expireDueOrders(q, now, { merchantId: merchant.id, memberId });
  const where = and(
    eq(depositOrders.merchantId, merchant.id), eq(depositOrders.memberId, memberId),
    gte(depositOrders.createdAt, range.start), lt(depositOrders.createdAt, range.end),
    query.status ? eq(depositOrders.status, query.status) : undefined,
  );
  const rows = await q
    .select({ order: depositOrders, channel: channelView })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [summary] = await q
    .select({
      total: sql<number>`count(*)::int`,
      paidAmount: sql<string>`coalesce(sum(${depositOrders.amount}) filter (where ${depositOrders.status} = 'paid'), 0)`,
      paidCount: sql<number>`(count(*) filter (where ${depositOrders.status} = 'paid'))::int`,
    })
    .from(depositOrders)
    .where(where);
  return {
    list: rows.map((row) => toOrderDto(row.order, row.channel, gateways)),
    page: query.page,
    pageSize: query.pageSize,
    total: summary?.total ?? 0,
    totals: { paidAmount: Number(summary?.paidAmount ?? 0), paidCount: summary?.paidCount ?? 0 },
    timeZone: merchant.timeZone,
  };
}

/** One of the member's orders; another member's order is as unknown as a missing one. */
export async function memberDepositOrder(q: Queryable, gateways: GatewayRegistry, merchantId: number, memberId: number, orderNo: string, now: Date): Promise<TDepositOrder> {
  await expireDueOrders(q, now, { merchantId, memberId });
  const [row] = await q
    .select({ order: depositOrders, channel: channelView })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(and(eq(depositOrders.merchantId, merchantId), eq(depositOrders.memberId, memberId), eq(depositOrders.orderNo, orderNo)));
  if (!row) throw new NotFoundError(`No deposit order ${orderNo}`);
  return toOrderDto(row.order, row.channel, gateways);
}

// ── crediting ──────────────────────────────────────────────────────────────────────────────────

/**
 * Moves a paid deposit into the member's wallet: the channel's clearing account gives the whole
 * amount, the member gets it less the fee and the house keeps the fee. The journal's one entry per
 * (kind, reference) makes a second credit of the same order impossible even if a caller slipped.
 */
async function creditDeposit(tx: Tx, order: DepositOrderRow, channelName: string): Promise<void> {
  const credit = order.amount - order.fee;
  const wallet = await memberCashAccount(tx, order.merchantId, order.memberId);
  const clearing = await systemAccount(tx, order.merchantId, 'gateway_clearing', order.channelId);
  const lines: LedgerLine[] = [{ accountId: wallet.id, amount: credit }, { accountId: clearing.id, amount: -order.amount }];
  if (order.fee > 0n) lines.push({ accountId: (await systemAccount(tx, order.merchantId, 'house')).id, amount: order.fee });
  await postEntry(tx, { merchantId: order.merchantId, kind: 'deposit', reference: order.orderNo, memo: channelName, lines });
  const { depositTurnoverPercent } = await walletSettingsOf(tx, order.merchantId);
  await addTurnoverRequirement(tx, {
    merchantId: order.merchantId, memberId: order.memberId, source: 'deposit', reference: order.orderNo, baseAmount: credit, percent: depositTurnoverPercent,
  });
  await notifyMember(tx, {
    merchantId: order.merchantId, memberId: order.memberId, kind: 'deposit.credited',
    payload: { orderNo: order.orderNo, amount: Number(order.amount), creditAmount: Number(credit), channel: channelName },
  });
}

async function lockOrder(tx: Tx, where: SQL | undefined): Promise<DepositOrderRow | undefined> {
  const [order] = await tx.select().from(depositOrders).where(where).for('update');
  return order;
}

// ── gateway callbacks ──────────────────────────────────────────────────────────────────────────

/**
 * A gateway's notice about an order: verified with the order's channel secret, refused when its
 * event id was seen before, then applied by the state machine (rules.ts gatewayOutcome) in one
 * transaction with the event row, the order change, the ledger entry, the turnover and the notice.
 */
export async function handleGatewayCallback(db: Db, gateways: GatewayRegistry, gatewayName: string, callback: RawCallback, now: Date): Promise<TGatewayAnswer> {
  const adapter = gateways.get(gatewayName);
  if (!adapter) throw new NotFoundError(`No gateway named ${gatewayName}`);
  const notice = adapter.parseCallback(callback);
  const [found] = await db
    .select({ channel: paymentChannels })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(eq(depositOrders.orderNo, notice.orderNo));
  if (!found || found.channel.gateway !== gatewayName) throw new NotFoundError(`No ${gatewayName} deposit order ${notice.orderNo}`);
  const { channel } = found;
  if (!channel.callbackSecret) throw new DomainError(ERROR_CODES.gatewaySignatureInvalid, 'The channel has no callback secret');
  adapter.verifyCallback(callback, channel.callbackSecret, now);

  return db.transaction(async (tx) => {
    const order = (await lockOrder(tx, eq(depositOrders.orderNo, notice.orderNo)))!;
    if (BigInt(notice.amount) !== order.amount) {
      throw new DomainError(ERROR_CODES.validation, `The notified amount ${notice.amount} is not the order's ${order.amount}`, { fields: [fieldError('amount')] });
    }
    const [event] = await tx
      .insert(gatewayEvents)
      .values({ channelId: channel.id, eventId: notice.eventId, orderNo: notice.orderNo, payload: notice, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!event) throw new DomainError(ERROR_CODES.gatewayEventReplayed, `Event ${notice.eventId} was already received`);

    const outcome = gatewayOutcome(order.status, notice.status);
    const status = statusAfter(order.status, outcome);
    if (outcome === 'credited' || outcome === 'credited_late' || outcome === 'declined') {
      const note = outcome === 'credited_late' ? `Paid at the gateway after the order was ${order.status}; credited late` : order.note;
      const [updated] = await tx
        .update(depositOrders)
        .set({ status, decidedAt: now, gatewayReference: notice.gatewayReference, note })
        .where(eq(depositOrders.id, order.id))
        .returning();
      if (outcome === 'declined') {
        await notifyMember(tx, { merchantId: order.merchantId, memberId: order.memberId, kind: 'deposit.declined', payload: { orderNo: order.orderNo, amount: Number(order.amount) } });
      } else {
        await creditDeposit(tx, updated!, channel.name);
      }
    }
    return { orderNo: order.orderNo, status, outcome };
  });
}

// ── operator side ──────────────────────────────────────────────────────────────────────────────


const operatorSelection = { order: depositOrders, channel: channelView, username: members.username };

function toOperatorDto(row: { order: DepositOrderRow; channel: ChannelView; username: string }, gateways: GatewayRegistry): TOperatorDeposit {
  return {
    ...toOrderDto(row.order, row.channel, gateways),
    kind: row.channel.kind,
    memberId: row.order.memberId,
    username: row.username,
    senderName: row.order.senderName,
    senderReference: row.order.senderReference,
    receiptImage: row.order.status === 'pending' ? row.order.receiptImage : null,
    gatewayReference: row.order.gatewayReference,
  };
}

/** The operator's deposit list: pending orders first (oldest first, the queue), then the rest newest first. */
export async function operatorDeposits(
  db: Db, gateways: GatewayRegistry, merchantCode: string,
  query: { status?: DepositStatus | undefined; kind?: 'online' | 'bank_transfer' | undefined; page: number; pageSize: number },
  now: Date,
): Promise<TOperatorDeposits> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  await expireDueOrders(db, now);
  const where = and(
    eq(depositOrders.merchantId, merchant.id),
    query.status ? eq(depositOrders.status, query.status) : undefined,
    query.kind ? eq(paymentChannels.kind, query.kind) : undefined,
  );
  const rows = await db
    .select(operatorSelection)
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .innerJoin(members, eq(members.id, depositOrders.memberId))
    .where(where)
    .orderBy(
      sql`${depositOrders.status} <> 'pending'`,
      sql`case when ${depositOrders.status} = 'pending' then ${depositOrders.createdAt} end asc`,
      desc(depositOrders.createdAt),
      desc(depositOrders.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [summary] = await db
    .select({ total: count() })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where);
  return { list: rows.map((row) => toOperatorDto(row, gateways)), page: query.page, pageSize: query.pageSize, total: summary?.total ?? 0 };
}

export interface OperatorDecision {
  merchantCode: string;
  orderNo: string;
  actor: string;
  note: string | undefined;
  now: Date;
}

/**
 * An operator's decision on a pending bank transfer, with its audit row, in one transaction.
 * Online orders are decided by their gateway, so an operator cannot approve one.
 */
async function decideBankTransfer(db: Db, gateways: GatewayRegistry, decision: OperatorDecision, approve: boolean): Promise<TOperatorDeposit> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, decision.merchantCode);
    const order = await lockOrder(tx, and(eq(depositOrders.merchantId, merchant.id), eq(depositOrders.orderNo, decision.orderNo)));
    if (!order) throw new NotFoundError(`No deposit order ${decision.orderNo}`);
    const [channel] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, order.channelId));
    if (order.status !== 'pending') throw new DomainError(ERROR_CODES.orderClosed, `The order is already ${order.status}`);
    if (channel!.kind !== 'bank_transfer') throw new DomainError(ERROR_CODES.orderClosed, 'An online deposit is decided by its gateway');

    const verb = approve ? 'Approved' : 'Rejected';
    const note = `${verb} by ${decision.actor}${decision.note ? `: ${decision.note}` : ''}`;
    const [updated] = await tx
      .update(depositOrders)
      .set({ status: approve ? 'paid' : 'rejected', decidedAt: decision.now, note })
      .where(eq(depositOrders.id, order.id))
      .returning();
    if (approve) {
      await creditDeposit(tx, updated!, channel!.name);
    } else {
      await notifyMember(tx, {
        merchantId: order.merchantId, memberId: order.memberId, kind: 'deposit.rejected',
        payload: { orderNo: order.orderNo, amount: Number(order.amount), reason: decision.note ?? null },
      });
    }
    await insertAudit(tx, {
      actor: decision.actor, action: approve ? 'deposit.approve' : 'deposit.reject', merchantId: merchant.id,
      details: { orderNo: order.orderNo, amount: Number(order.amount), note: decision.note ?? null },
    });
    const [member] = await tx.select({ username: members.username }).from(members).where(eq(members.id, order.memberId));
    return toOperatorDto({ order: updated!, channel: channel!, username: member!.username }, gateways);
  });
}

export const approveBankTransfer = (db: Db, gateways: GatewayRegistry, decision: OperatorDecision) => decideBankTransfer(db, gateways, decision, true);
export const rejectBankTransfer = (db: Db, gateways: GatewayRegistry, decision: OperatorDecision) => decideBankTransfer(db, gateways, decision, false);
