import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DepositStatus } from '@palaro/contract';
import type { Queryable, Tx } from '../../platform/db/database';
import { depositOrders, gatewayEvents, paymentChannels, type DepositOrderRow, type PaymentChannelRow } from './schema';

/** What an order's answer shows of its channel. */
export type ChannelView = Pick<PaymentChannelRow, 'name' | 'method' | 'kind' | 'gateway'>;
const channelView = {
  name: paymentChannels.name,
  method: paymentChannels.method,
  kind: paymentChannels.kind,
  gateway: paymentChannels.gateway,
};

export interface OrderWithChannel {
  order: DepositOrderRow;
  channel: ChannelView;
}

// ── channels ───────────────────────────────────────────────────────────────────────────────────

/** The enabled channels a VIP level reaches, in display order. */
export function openChannels(q: Queryable, merchantId: number, vipLevel: number): Promise<PaymentChannelRow[]> {
  return q
    .select()
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.merchantId, merchantId),
        eq(paymentChannels.enabled, true),
        lte(paymentChannels.minVipLevel, vipLevel),
      ),
    )
    .orderBy(asc(paymentChannels.displayOrder), asc(paymentChannels.id));
}

/** One channel, when it is enabled and the VIP level reaches it. */
export async function findOpenChannel(
  q: Queryable,
  merchantId: number,
  channelId: number,
  vipLevel: number,
): Promise<PaymentChannelRow | undefined> {
  const [channel] = await q
    .select()
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.id, channelId),
        eq(paymentChannels.merchantId, merchantId),
        eq(paymentChannels.enabled, true),
        lte(paymentChannels.minVipLevel, vipLevel),
      ),
    );
  return channel;
}

/** Every channel of the merchant, enabled or not, in display order. */
export function allChannels(q: Queryable, merchantId: number): Promise<PaymentChannelRow[]> {
  return q
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.merchantId, merchantId))
    .orderBy(asc(paymentChannels.displayOrder), asc(paymentChannels.id));
}

export async function findChannel(q: Queryable, channelId: number): Promise<PaymentChannelRow | undefined> {
  const [channel] = await q.select().from(paymentChannels).where(eq(paymentChannels.id, channelId));
  return channel;
}

export async function lockChannel(
  tx: Tx,
  merchantId: number,
  channelId: number,
): Promise<PaymentChannelRow | undefined> {
  const [channel] = await tx
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.merchantId, merchantId), eq(paymentChannels.id, channelId)))
    .for('update');
  return channel;
}

export async function updateChannel(
  q: Queryable,
  channelId: number,
  changes: Partial<PaymentChannelRow>,
): Promise<PaymentChannelRow> {
  const [updated] = await q.update(paymentChannels).set(changes).where(eq(paymentChannels.id, channelId)).returning();
  return updated!;
}

// ── orders ─────────────────────────────────────────────────────────────────────────────────────

/** Pending online orders whose time is up (all of them, or one member's) become expired; answers how many. */
export async function expirePendingOrders(
  q: Queryable,
  now: Date,
  scope?: { merchantId: number; memberId: number },
): Promise<number> {
  const expired = await q
    .update(depositOrders)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(depositOrders.status, 'pending'),
        lte(depositOrders.expiresAt, now),
        scope
          ? and(eq(depositOrders.merchantId, scope.merchantId), eq(depositOrders.memberId, scope.memberId))
          : undefined,
      ),
    )
    .returning({ id: depositOrders.id });
  return expired.length;
}

export async function countPendingOrders(q: Queryable, merchantId: number, memberId: number): Promise<number> {
  const [pending] = await q
    .select({ count: count() })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.merchantId, merchantId),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.status, 'pending'),
      ),
    );
  return pending?.count ?? 0;
}

export async function insertOrder(tx: Tx, order: typeof depositOrders.$inferInsert): Promise<DepositOrderRow> {
  const [inserted] = await tx.insert(depositOrders).values(order).returning();
  return inserted!;
}

export interface MemberOrderFilter {
  merchantId: number;
  memberId: number;
  start: Date;
  end: Date;
  status?: DepositStatus | undefined;
}

function memberOrdersWhere(filter: MemberOrderFilter): SQL | undefined {
  return and(
    eq(depositOrders.merchantId, filter.merchantId),
    eq(depositOrders.memberId, filter.memberId),
    gte(depositOrders.createdAt, filter.start),
    lt(depositOrders.createdAt, filter.end),
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
  );
}

/** A page of a member's orders in a time range, newest first, and the totals of the whole range. */
export async function memberOrders(q: Queryable, filter: MemberOrderFilter, page: { page: number; pageSize: number }) {
  const where = memberOrdersWhere(filter);
  const rows: OrderWithChannel[] = await q
    .select({ order: depositOrders, channel: channelView })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [summary] = await q
    .select({
      total: sql<number>`count(*)::int`,
      paidAmount: sql<string>`coalesce(sum(${depositOrders.amount}) filter (where ${depositOrders.status} = 'paid'), 0)`,
      paidCount: sql<number>`(count(*) filter (where ${depositOrders.status} = 'paid'))::int`,
    })
    .from(depositOrders)
    .where(where);
  return {
    rows,
    total: summary?.total ?? 0,
    paidAmount: BigInt(summary?.paidAmount ?? 0),
    paidCount: summary?.paidCount ?? 0,
  };
}

export async function memberOrder(
  q: Queryable,
  merchantId: number,
  memberId: number,
  orderNo: string,
): Promise<OrderWithChannel | undefined> {
  const [row] = await q
    .select({ order: depositOrders, channel: channelView })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(
      and(
        eq(depositOrders.merchantId, merchantId),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.orderNo, orderNo),
      ),
    );
  return row;
}

/** An order by its number (unique over all merchants) with its whole channel: a gateway's notice names only the number. */
export async function orderWithFullChannel(
  q: Queryable,
  orderNo: string,
): Promise<{ order: DepositOrderRow; channel: PaymentChannelRow } | undefined> {
  const [row] = await q
    .select({ order: depositOrders, channel: paymentChannels })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(eq(depositOrders.orderNo, orderNo));
  return row;
}

export async function lockOrderByNo(
  tx: Tx,
  orderNo: string,
  merchantId?: number,
): Promise<DepositOrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.orderNo, orderNo),
        merchantId === undefined ? undefined : eq(depositOrders.merchantId, merchantId),
      ),
    )
    .for('update');
  return order;
}

export async function updateOrder(
  tx: Tx,
  orderId: number,
  changes: Partial<DepositOrderRow>,
): Promise<DepositOrderRow> {
  const [updated] = await tx.update(depositOrders).set(changes).where(eq(depositOrders.id, orderId)).returning();
  return updated!;
}

export interface OperatorOrderFilter {
  merchantId: number;
  status?: DepositStatus | undefined;
  kind?: 'online' | 'bank_transfer' | undefined;
}

/** The operator's list: pending orders first (oldest first, the queue), then the rest newest first. */
export async function operatorOrders(
  q: Queryable,
  filter: OperatorOrderFilter,
  page: { page: number; pageSize: number },
) {
  const where = and(
    eq(depositOrders.merchantId, filter.merchantId),
    filter.status ? eq(depositOrders.status, filter.status) : undefined,
    filter.kind ? eq(paymentChannels.kind, filter.kind) : undefined,
  );
  const rows: OrderWithChannel[] = await q
    .select({ order: depositOrders, channel: channelView })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where)
    .orderBy(
      sql`${depositOrders.status} <> 'pending'`,
      sql`case when ${depositOrders.status} = 'pending' then ${depositOrders.createdAt} end asc`,
      desc(depositOrders.createdAt),
      desc(depositOrders.id),
    )
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [summary] = await q
    .select({ total: count() })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where);
  return { rows, total: summary?.total ?? 0 };
}

// ── gateway events ─────────────────────────────────────────────────────────────────────────────

/** Records a gateway's event once; answers false when its id was seen before. */
export async function insertGatewayEventOnce(tx: Tx, event: typeof gatewayEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(gatewayEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return inserted.length > 0;
}
