import {
  ERROR_CODES,
  amountOutsideLimits,
  depositFee,
  fieldError,
  REPORT_MAX_DAYS,
  type DepositStatus,
  type TDepositChannel,
  type TDepositOrder,
  type TDepositRecords,
  type TDepositRequest,
  type TGatewayAnswer,
  type TOperatorDeposit,
  type TOperatorDeposits,
} from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import { dayRange } from '../../platform/time-zone';
import { usernamesOf } from '../accounts/members';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { recordAudit } from '../audit/service';
import { notifyMember } from '../inbox/service';
import type { MerchantContext } from '../site/request-context';
import type { MerchantRow } from '../site/schema';
import { requireMerchantByCode } from '../site/service';
import { settingsOf } from '../settings/service';
import { idempotent } from '../wallet/idempotency';
import { newOrderNo } from '../wallet/money-rules';
import { lockMemberWallet, memberCashAccount, postEntry, systemAccount, type LedgerLine } from '../wallet/ledger';
import { addTurnoverRequirement } from '../wallet/turnover';
import type { GatewayRegistry, RawCallback } from './gateway';
import { gatewayOutcome, statusAfter } from './rules';
import type { DepositOrderRow, PaymentChannelRow } from './schema';
import { depositSettings } from './settings';
import * as store from './store';

/** A member may have this many orders waiting at once; more is usually a page opened twice. */
export const MAX_PENDING_ORDERS = 3;
const DEFAULT_RECORD_DAYS = 7;

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

function toOrderDto(
  order: DepositOrderRow,
  channel: store.ChannelView,
  gateways: GatewayRegistry,
  paymentUrl?: string,
): TDepositOrder {
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
export function expireDueOrders(
  q: Queryable,
  now: Date,
  scope?: { merchantId: number; memberId: number },
): Promise<number> {
  return store.expirePendingOrders(q, now, scope);
}

// ── member side ────────────────────────────────────────────────────────────────────────────────

/**
 * The enabled channels the member's VIP level reaches, in display order, and the turnover a deposit
 * brings. An online channel whose gateway this server does not run (the sandbox in production) is
 * left out: the player could not pay through it.
 */
export async function depositChannels(q: Queryable, gateways: GatewayRegistry, merchantId: number, vipLevel: number) {
  const rows = await store.openChannels(q, merchantId, vipLevel);
  const settings = await settingsOf(q, merchantId, depositSettings);
  const payable = rows.filter(
    (channel) => channel.kind !== 'online' || (channel.gateway !== null && gateways.get(channel.gateway) !== undefined),
  );
  return { list: payable.map(toChannelDto), turnoverMultiplierPercent: settings.depositTurnoverPercent };
}

function amountOutOfRange(channel: PaymentChannelRow): DomainError {
  return new DomainError(ERROR_CODES.amountOutOfRange, 'The amount is outside what this channel accepts', {
    fields: [fieldError('amount')],
    minAmount: Number(channel.minAmount),
    maxAmount: Number(channel.maxAmount),
  });
}

/**
 * Opens a deposit order for a real member (not a trial), once per idempotency key: the key is
 * claimed in the transaction that writes the order.
 */
export async function submitDeposit(
  ctx: MerchantContext,
  gateways: GatewayRegistry,
  member: MemberRow,
  request: TDepositRequest,
  idempotencyKey: string,
): Promise<TDepositOrder> {
  assertNotTrial(member);
  const call = {
    merchantId: ctx.merchant.id,
    memberId: member.id,
    key: idempotencyKey,
    operation: 'deposit.create',
    request,
  };
  return idempotent(ctx.db, call, (tx) =>
    createDepositOrder(tx, gateways, { merchant: ctx.merchant, member, request, now: ctx.now() }),
  );
}

interface NewDeposit {
  merchant: Pick<MerchantRow, 'id' | 'name' | 'currencyCode'>;
  member: Pick<MemberRow, 'id' | 'vipLevel'>;
  request: TDepositRequest;
  now: Date;
}

async function createDepositOrder(tx: Tx, gateways: GatewayRegistry, deposit: NewDeposit): Promise<TDepositOrder> {
  const { merchant, member, request, now } = deposit;
  const channel = await store.findOpenChannel(tx, merchant.id, request.channelId, member.vipLevel);
  const adapter = channel?.gateway ? gateways.get(channel.gateway) : undefined;
  if (!channel || (channel.kind === 'online' && !adapter)) {
    throw new DomainError(ERROR_CODES.channelUnavailable, 'This deposit channel is not available', {
      fields: [fieldError('channelId')],
    });
  }
  const amount = BigInt(request.amount);
  const fee = depositFee(amount, channel);
  // A fee that eats the whole amount would credit nothing: no better than out of range.
  if (amountOutsideLimits(amount, channel) !== null || fee >= amount) throw amountOutOfRange(channel);

  const isBankTransfer = channel.kind === 'bank_transfer';
  if (isBankTransfer) {
    const missing = (['senderName', 'senderReference'] as const).filter((field) => !request[field]);
    if (missing.length > 0) {
      throw new DomainError(
        ERROR_CODES.validation,
        'A bank transfer needs the sender name and the transfer reference',
        { fields: missing.map(fieldError) },
      );
    }
  }

  // The wallet's row lock makes the pending count below exact when one member submits twice at once.
  await lockMemberWallet(tx, merchant.id, member.id);
  await expireDueOrders(tx, now, { merchantId: merchant.id, memberId: member.id });
  if ((await store.countPendingOrders(tx, merchant.id, member.id)) >= MAX_PENDING_ORDERS) {
    throw new DomainError(
      ERROR_CODES.depositPending,
      `You already have ${MAX_PENDING_ORDERS} deposits waiting; finish or wait for them first`,
    );
  }

  const orderNo = newOrderNo('D');
  const session = adapter
    ? await adapter.createPayment({
        orderNo,
        amount,
        currencyCode: merchant.currencyCode,
        merchantName: merchant.name,
        channelName: channel.name,
      })
    : null;
  const { depositExpiryMinutes } = await settingsOf(tx, merchant.id, depositSettings);
  const order = await store.insertOrder(tx, {
    merchantId: merchant.id,
    memberId: member.id,
    channelId: channel.id,
    orderNo,
    amount,
    fee,
    senderName: isBankTransfer ? request.senderName! : null,
    senderReference: isBankTransfer ? request.senderReference! : null,
    receiptImage: isBankTransfer ? (request.receiptImage ?? null) : null,
    gatewayReference: session?.gatewayReference ?? null,
    // Bank transfers wait for an operator, however long that takes.
    expiresAt: isBankTransfer ? null : new Date(now.getTime() + depositExpiryMinutes * 60_000),
    createdAt: now,
  });
  return toOrderDto(order, channel, gateways, session?.paymentUrl);
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
  q: Queryable,
  gateways: GatewayRegistry,
  merchant: Pick<MerchantRow, 'id' | 'timeZone'>,
  memberId: number,
  query: DepositRecordsQuery,
  now: Date,
): Promise<TDepositRecords> {
  const range = dayRange(query, merchant.timeZone, now, DEFAULT_RECORD_DAYS, REPORT_MAX_DAYS);
  await expireDueOrders(q, now, { merchantId: merchant.id, memberId });
  const page = await store.memberOrders(
    q,
    { merchantId: merchant.id, memberId, start: range.start, end: range.end, status: query.status },
    query,
  );
  return {
    list: page.rows.map((row) => toOrderDto(row.order, row.channel, gateways)),
    page: query.page,
    pageSize: query.pageSize,
    total: page.total,
    totals: { paidAmount: Number(page.paidAmount), paidCount: page.paidCount },
    timeZone: merchant.timeZone,
  };
}

/** One of the member's orders; another member's order is as unknown as a missing one. */
export async function memberDepositOrder(
  q: Queryable,
  gateways: GatewayRegistry,
  merchantId: number,
  memberId: number,
  orderNo: string,
  now: Date,
): Promise<TDepositOrder> {
  await expireDueOrders(q, now, { merchantId, memberId });
  const row = await store.memberOrder(q, merchantId, memberId, orderNo);
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
  const lines: LedgerLine[] = [
    { accountId: wallet.id, amount: credit },
    { accountId: clearing.id, amount: -order.amount },
  ];
  if (order.fee > 0n)
    lines.push({ accountId: (await systemAccount(tx, order.merchantId, 'house')).id, amount: order.fee });
  await postEntry(tx, {
    merchantId: order.merchantId,
    kind: 'deposit',
    reference: order.orderNo,
    memo: channelName,
    lines,
  });
  const { depositTurnoverPercent } = await settingsOf(tx, order.merchantId, depositSettings);
  await addTurnoverRequirement(tx, {
    merchantId: order.merchantId,
    memberId: order.memberId,
    source: 'deposit',
    reference: order.orderNo,
    baseAmount: credit,
    percent: depositTurnoverPercent,
  });
  await notifyMember(tx, {
    merchantId: order.merchantId,
    memberId: order.memberId,
    kind: 'deposit.credited',
    payload: {
      orderNo: order.orderNo,
      amount: Number(order.amount),
      creditAmount: Number(credit),
      channel: channelName,
    },
  });
}

// ── gateway callbacks ──────────────────────────────────────────────────────────────────────────

/**
 * A gateway's notice about an order: verified with the order's channel secret, refused when its
 * event id was seen before, then applied by the state machine (rules.ts gatewayOutcome) in one
 * transaction with the event row, the order change, the ledger entry, the turnover and the notice.
 */
export async function handleGatewayCallback(
  db: Db,
  gateways: GatewayRegistry,
  gatewayName: string,
  callback: RawCallback,
  now: Date,
): Promise<TGatewayAnswer> {
  const adapter = gateways.get(gatewayName);
  if (!adapter) throw new NotFoundError(`No gateway named ${gatewayName}`);
  const notice = adapter.parseCallback(callback);
  const found = await store.orderWithFullChannel(db, notice.orderNo);
  if (!found || found.channel.gateway !== gatewayName)
    throw new NotFoundError(`No ${gatewayName} deposit order ${notice.orderNo}`);
  const { channel } = found;
  if (!channel.callbackSecret)
    throw new DomainError(ERROR_CODES.gatewaySignatureInvalid, 'The channel has no callback secret');
  adapter.verifyCallback(callback, channel.callbackSecret, now);

  return db.transaction(async (tx) => {
    const order = (await store.lockOrderByNo(tx, notice.orderNo))!;
    if (BigInt(notice.amount) !== order.amount) {
      throw new DomainError(
        ERROR_CODES.validation,
        `The notified amount ${notice.amount} is not the order's ${order.amount}`,
        { fields: [fieldError('amount')] },
      );
    }
    const firstSeen = await store.insertGatewayEventOnce(tx, {
      channelId: channel.id,
      eventId: notice.eventId,
      orderNo: notice.orderNo,
      payload: notice,
      createdAt: now,
    });
    if (!firstSeen)
      throw new DomainError(ERROR_CODES.gatewayEventReplayed, `Event ${notice.eventId} was already received`);

    const outcome = gatewayOutcome(order.status, notice.status);
    const status = statusAfter(order.status, outcome);
    if (outcome === 'credited' || outcome === 'credited_late' || outcome === 'declined') {
      const note =
        outcome === 'credited_late'
          ? `Paid at the gateway after the order was ${order.status}; credited late`
          : order.note;
      const updated = await store.updateOrder(tx, order.id, {
        status,
        decidedAt: now,
        gatewayReference: notice.gatewayReference,
        note,
      });
      if (outcome === 'declined') {
        await notifyMember(tx, {
          merchantId: order.merchantId,
          memberId: order.memberId,
          kind: 'deposit.declined',
          payload: { orderNo: order.orderNo, amount: Number(order.amount) },
        });
      } else {
        await creditDeposit(tx, updated, channel.name);
      }
    }
    return { orderNo: order.orderNo, status, outcome };
  });
}

// ── operator side ──────────────────────────────────────────────────────────────────────────────

function toOperatorDto(row: store.OrderWithChannel, username: string, gateways: GatewayRegistry): TOperatorDeposit {
  return {
    ...toOrderDto(row.order, row.channel, gateways),
    kind: row.channel.kind,
    memberId: row.order.memberId,
    username,
    senderName: row.order.senderName,
    senderReference: row.order.senderReference,
    receiptImage: row.order.status === 'pending' ? row.order.receiptImage : null,
    gatewayReference: row.order.gatewayReference,
  };
}

/** The operator's deposit list: pending orders first (oldest first, the queue), then the rest newest first. */
export async function operatorDeposits(
  db: Db,
  gateways: GatewayRegistry,
  merchantCode: string,
  query: {
    status?: DepositStatus | undefined;
    kind?: 'online' | 'bank_transfer' | undefined;
    page: number;
    pageSize: number;
  },
  now: Date,
): Promise<TOperatorDeposits> {
  const merchant = await requireMerchantByCode(db, merchantCode);
  await expireDueOrders(db, now);
  const { rows, total } = await store.operatorOrders(
    db,
    { merchantId: merchant.id, status: query.status, kind: query.kind },
    query,
  );
  const usernames = await usernamesOf(
    db,
    merchant.id,
    rows.map((row) => row.order.memberId),
  );
  return {
    list: rows.map((row) => toOperatorDto(row, usernames.get(row.order.memberId)!, gateways)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
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
async function decideBankTransfer(
  db: Db,
  gateways: GatewayRegistry,
  decision: OperatorDecision,
  approve: boolean,
): Promise<TOperatorDeposit> {
  return db.transaction(async (tx) => {
    const merchant = await requireMerchantByCode(tx, decision.merchantCode);
    const order = await store.lockOrderByNo(tx, decision.orderNo, merchant.id);
    if (!order) throw new NotFoundError(`No deposit order ${decision.orderNo}`);
    const channel = await store.findChannel(tx, order.channelId);
    if (order.status !== 'pending')
      throw new DomainError(ERROR_CODES.orderClosed, `The order is already ${order.status}`);
    if (channel!.kind !== 'bank_transfer')
      throw new DomainError(ERROR_CODES.orderClosed, 'An online deposit is decided by its gateway');

    const verb = approve ? 'Approved' : 'Rejected';
    const note = `${verb} by ${decision.actor}${decision.note ? `: ${decision.note}` : ''}`;
    const updated = await store.updateOrder(tx, order.id, {
      status: approve ? 'paid' : 'rejected',
      decidedAt: decision.now,
      note,
    });
    if (approve) {
      await creditDeposit(tx, updated, channel!.name);
    } else {
      await notifyMember(tx, {
        merchantId: order.merchantId,
        memberId: order.memberId,
        kind: 'deposit.rejected',
        payload: { orderNo: order.orderNo, amount: Number(order.amount), reason: decision.note ?? null },
      });
    }
    await recordAudit(tx, {
      actor: decision.actor,
      action: approve ? 'deposit.approve' : 'deposit.reject',
      merchantId: merchant.id,
      details: { orderNo: order.orderNo, amount: Number(order.amount), note: decision.note ?? null },
    });
    const usernames = await usernamesOf(tx, merchant.id, [order.memberId]);
    return toOperatorDto({ order: updated, channel: channel! }, usernames.get(order.memberId)!, gateways);
  });
}

export const approveBankTransfer = (db: Db, gateways: GatewayRegistry, decision: OperatorDecision) =>
  decideBankTransfer(db, gateways, decision, true);
export const rejectBankTransfer = (db: Db, gateways: GatewayRegistry, decision: OperatorDecision) =>
  decideBankTransfer(db, gateways, decision, false);
