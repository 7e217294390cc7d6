import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import type { Database, Tx } from '../../platform/db/database';
import { createTestDatabase } from '../../platform/testing/test-database';
import { seedDemoData } from '../../seed';
import { insertMember } from '../accounts/store';
import { GroupCommitter } from './group-commit';
import { idempotent } from './idempotency';
import { memberBalance, memberCashAccount, systemAccount } from './ledger-accounts';
import { WALLET_CHANNEL, type WalletNotice } from './notices';
import { AlreadyPostedError, postEachEntry, postEntries, postEntry } from './posting';
import { DEMO_MERCHANT_ID } from './testing';
import { verifyLedger } from './verify';

/**
 * The grouped ledger under a burst of 1,000 concurrent units, on whichever database the run has
 * (the real PostgreSQL in CI's second pass): every unit gets its own outcome — transfers commit,
 * overdrafts are refused, a repeated idempotency key or entry reference fails only its repeat — the
 * ledger verifies clean, money is conserved, and at most one wallet notice per committed group reaches the
 * listeners after the commit.
 */

let database: Database;
const tag = randomBytes(3).toString('hex');
let membersMade = 0;

async function fundedWallets(count: number, amount: bigint): Promise<{ memberId: number; accountId: bigint }[]> {
  const wallets: { memberId: number; accountId: bigint }[] = [];
  for (let index = 0; index < count; index += 1) {
    const member = await insertMember(database.db, {
      merchantId: DEMO_MERCHANT_ID,
      username: `grp${tag}${(membersMade += 1)}`,
      type: 0,
      registerMethod: 'H5',
    });
    wallets.push({
      memberId: member.id,
      accountId: (await memberCashAccount(database.db, DEMO_MERCHANT_ID, member.id)).id,
    });
  }
  await database.db.transaction(async (tx) => {
    const house = await systemAccount(tx, DEMO_MERCHANT_ID, 'house');
    await postEntries(
      tx,
      wallets.map((wallet) => ({
        merchantId: DEMO_MERCHANT_ID,
        kind: 'adjustment' as const,
        reference: `GRPFUND${tag}${wallet.memberId}`,
        lines: [
          { accountId: wallet.accountId, amount },
          { accountId: house.id, amount: -amount },
        ],
      })),
    );
  });
  return wallets;
}

/** A business row claimed in the money transaction, as an idempotency key is: a repeat fails its unit. */
async function claimKey(tx: Tx, memberId: number, key: string): Promise<void> {
  await tx.execute(sql`insert into idempotency_keys (merchant_id, member_id, key, operation, request_hash)
    values (${DEMO_MERCHANT_ID}, ${memberId}, ${key}, 'group-test', 'hash')`);
}

const transferDraft = (reference: string, from: bigint, to: bigint, amount: bigint) => ({
  merchantId: DEMO_MERCHANT_ID,
  kind: 'upline_transfer' as const,
  reference,
  lines: [
    { accountId: from, amount: -amount },
    { accountId: to, amount },
  ],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('grouped ledger', () => {
  it('gives each of 1,000 concurrent units its own outcome, in far fewer transactions, and keeps the ledger exact', async () => {
    const wallets = await fundedWallets(40, 1_000_000n);
    /** Two tight wallets of ₱10.00 each, each debited by fifty ₱1.00 transfers at once: exactly ten of each pass. */
    const tight = await fundedWallets(2, 1_000n);
    const notices: WalletNotice[][] = [];
    const stopListening = await database.listen(WALLET_CHANNEL, (payload) =>
      notices.push(JSON.parse(payload) as WalletNotice[]),
    );
    const committer = new GroupCommitter(database);
    const pick = (index: number) => wallets[index % wallets.length]!;

    type Expectation = 'committed' | 'overdraft' | 'duplicate' | 'tight';
    const units: { expect: Expectation; run: () => Promise<unknown> }[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const from = pick(index);
      const to = pick(index + 1 + (index % 7));
      const reference = `GRP${tag}${index}`;
      if (index % 10 === 1) {
        // Far more than the whole system holds: refused whatever commits before it.
        units.push({
          expect: 'overdraft',
          run: () =>
            committer.run((tx) =>
              postEntry(tx, transferDraft(reference, from.accountId, to.accountId, 1_000_000_000n)),
            ),
        });
      } else if (index % 10 === 2) {
        // Two units claim one key; exactly one of them commits.
        const key = `key-${tag}-${index}`;
        for (let copy = 0; copy < 2; copy += 1) {
          units.push({
            expect: 'duplicate',
            run: () =>
              committer.run(async (tx) => {
                await claimKey(tx, from.memberId, key);
                return postEntry(tx, transferDraft(`${reference}-${copy}`, from.accountId, to.accountId, 100n));
              }),
          });
        }
      } else if (index % 10 === 3) {
        // Two units post one reference; exactly one of them commits.
        for (let copy = 0; copy < 2; copy += 1) {
          units.push({
            expect: 'duplicate',
            run: () =>
              committer.run((tx) => postEntry(tx, transferDraft(reference, from.accountId, to.accountId, 100n))),
          });
        }
      } else if (index % 10 === 4) {
        const debited = tight[Math.floor(index / 10) % tight.length]!;
        units.push({
          expect: 'tight',
          run: () =>
            committer.run((tx) => postEntry(tx, transferDraft(reference, debited.accountId, to.accountId, 100n))),
        });
      } else {
        units.push({
          expect: 'committed',
          run: () =>
            committer.run((tx) =>
              postEntry(tx, transferDraft(reference, from.accountId, to.accountId, BigInt(1 + (index % 500)))),
            ),
        });
      }
    }
    const outcomes = await Promise.allSettled(units.map((unit) => unit.run()));

    const tally = { committed: 0, refused: 0, duplicates: 0, other: [] as unknown[] };
    const byExpectation = new Map<Expectation, { ok: number; failed: number }>();
    outcomes.forEach((outcome, index) => {
      const count = byExpectation.get(units[index]!.expect) ?? { ok: 0, failed: 0 };
      byExpectation.set(units[index]!.expect, count);
      if (outcome.status === 'fulfilled') {
        count.ok += 1;
        return;
      }
      count.failed += 1;
      const error = outcome.reason as { code?: string; cause?: { code?: string } };
      if (error.code === ERROR_CODES.insufficientBalance) tally.refused += 1;
      else if (outcome.reason instanceof AlreadyPostedError || error.cause?.code === '23505') tally.duplicates += 1;
      else tally.other.push(outcome.reason);
    });
    expect(tally.other).toEqual([]);
    expect(byExpectation.get('committed')).toEqual({ ok: 600, failed: 0 });
    expect(byExpectation.get('overdraft')).toEqual({ ok: 0, failed: 100 });
    expect(byExpectation.get('duplicate')).toEqual({ ok: 200, failed: 200 });
    expect(byExpectation.get('tight')).toEqual({ ok: 20, failed: 80 });
    expect(tally.refused).toBe(180);
    expect(tally.duplicates).toBe(200);

    const report = await verifyLedger(database.db);
    expect(report.problems).toEqual([]);
    const [total] = (
      (await database.db.execute(
        sql`select coalesce(sum(balance), 0)::text as sum from ledger_accounts`,
      )) as unknown as { rows: { sum: string }[] }
    ).rows;
    expect(total!.sum).toBe('0');
    for (const wallet of tight) expect(await memberBalance(database.db, DEMO_MERCHANT_ID, wallet.memberId)).toBe(0n);
    expect(await walletsTotal([...wallets, ...tight])).toBe(40n * 1_000_000n + 2n * 1_000n);

    // 1,200 units queued at once commit in groups: the first alone, then up to 48 at a time.
    expect(committer.stats.units).toBe(1200);
    expect(committer.stats.groups).toBe(1 + Math.ceil(1199 / 48));
    // At most one notice per committed group (sent after its commit, where several groups' may
    // share one), naming every wallet that moved.
    const transfers = () => notices.filter((payload) => payload.some((notice) => notice.reason === 'upline_transfer'));
    await until(() =>
      wallets.every((wallet) =>
        transfers().some((payload) => payload.some((notice) => notice.memberIds.includes(wallet.memberId))),
      ),
    );
    expect(transfers().length).toBeLessThanOrEqual(committer.stats.groups);
    const announced = new Set(
      transfers()
        .flat()
        .flatMap((notice) => notice.memberIds),
    );
    for (const wallet of wallets) expect(announced.has(wallet.memberId)).toBe(true);
    await stopListening();
  });

  it('undoes all of a unit that throws after posting, alone or beside others, and nothing of its neighbours', async () => {
    const [wallet, other] = await fundedWallets(2, 1_000n);
    const committer = new GroupCommitter(database);
    const postThenRefuse = (reference: string) =>
      committer.run(async (tx) => {
        await postEntry(tx, transferDraft(reference, wallet!.accountId, other!.accountId, 10n));
        throw new Error('the business rule said no');
      });
    await expect(postThenRefuse(`GRPALONE${tag}`)).rejects.toThrow('the business rule said no');
    expect(committer.stats.groups).toBe(1);

    // The first runs alone at once; the next three queue behind it and share one transaction.
    const [first, refused, second, third] = await Promise.allSettled([
      committer.run((tx) => postEntry(tx, transferDraft(`GRPA${tag}`, wallet!.accountId, other!.accountId, 10n))),
      postThenRefuse(`GRPB${tag}`),
      committer.run((tx) => postEntry(tx, transferDraft(`GRPC${tag}`, wallet!.accountId, other!.accountId, 20n))),
      committer.run((tx) => postEntry(tx, transferDraft(`GRPD${tag}`, wallet!.accountId, other!.accountId, 30n))),
    ]);
    expect(committer.stats.groups).toBe(3);
    expect(first.status).toBe('fulfilled');
    expect(refused).toMatchObject({ status: 'rejected', reason: { message: 'the business rule said no' } });
    // Each unit sees its neighbours' postings before it: balances after are those of the group's order.
    expect(second.status === 'fulfilled' && second.value.balances.get(wallet!.accountId)).toBe(970n);
    expect(third.status === 'fulfilled' && third.value.balances.get(wallet!.accountId)).toBe(940n);
    expect(await memberBalance(database.db, DEMO_MERCHANT_ID, wallet!.memberId)).toBe(940n);
    expect((await verifyLedger(database.db)).problems).toEqual([]);
  });
});

describe('grouped postings (GroupCommitter.post)', () => {
  it('posts 1,000 concurrent postings beside idempotent money calls, each with its own outcome, one statement per group', async () => {
    const wallets = await fundedWallets(40, 1_000_000n);
    const tight = await fundedWallets(2, 1_000n);
    const notices: WalletNotice[][] = [];
    const stopListening = await database.listen(WALLET_CHANNEL, (payload) =>
      notices.push(JSON.parse(payload) as WalletNotice[]),
    );
    const committer = new GroupCommitter(database);
    const pick = (index: number) => wallets[index % wallets.length]!;

    type Expectation = 'committed' | 'overdraft' | 'repeated reference' | 'tight' | 'repeated key';
    const calls: { expect: Expectation; run: () => Promise<unknown> }[] = [];
    let expectedMoved = 0n;
    for (let index = 0; index < 1000; index += 1) {
      const from = pick(index);
      const to = pick(index + 1 + (index % 7));
      const reference = `PST${tag}${index}`;
      if (index % 10 === 1) {
        calls.push({
          expect: 'overdraft',
          run: () => committer.post(transferDraft(reference, from.accountId, to.accountId, 1_000_000_000n)),
        });
      } else if (index % 10 === 2) {
        // The same money call sent twice with one Idempotency-Key: one movement, both answered with it.
        const call = {
          merchantId: DEMO_MERCHANT_ID,
          memberId: from.memberId,
          key: `pst-${tag}-${index}`,
          operation: 'group-test',
          request: { index },
        };
        for (let copy = 0; copy < 2; copy += 1) {
          calls.push({
            expect: 'repeated key',
            run: () =>
              idempotent(committer, call, async (tx) => {
                const posted = await postEntry(tx, transferDraft(reference, from.accountId, to.accountId, 100n));
                return { entryId: posted.entryId.toString() };
              }),
          });
        }
      } else if (index % 10 === 3) {
        for (let copy = 0; copy < 2; copy += 1) {
          calls.push({
            expect: 'repeated reference',
            run: () => committer.post(transferDraft(reference, from.accountId, to.accountId, 100n)),
          });
        }
      } else if (index % 10 === 4) {
        const debited = tight[Math.floor(index / 10) % tight.length]!;
        calls.push({
          expect: 'tight',
          run: () => committer.post(transferDraft(reference, debited.accountId, to.accountId, 100n)),
        });
      } else {
        expectedMoved += BigInt(1 + (index % 500));
        calls.push({
          expect: 'committed',
          run: () => committer.post(transferDraft(reference, from.accountId, to.accountId, BigInt(1 + (index % 500)))),
        });
      }
    }
    const entriesBefore = await journalEntryCount();
    const outcomes = await Promise.allSettled(calls.map((call) => call.run()));

    const byExpectation = new Map<
      Expectation,
      { ok: number; refused: number; alreadyPosted: number; other: unknown[] }
    >();
    outcomes.forEach((outcome, index) => {
      const count = byExpectation.get(calls[index]!.expect) ?? { ok: 0, refused: 0, alreadyPosted: 0, other: [] };
      byExpectation.set(calls[index]!.expect, count);
      if (outcome.status === 'fulfilled') count.ok += 1;
      else if ((outcome.reason as { code?: string }).code === ERROR_CODES.insufficientBalance) count.refused += 1;
      else if (outcome.reason instanceof AlreadyPostedError) count.alreadyPosted += 1;
      else count.other.push(outcome.reason);
    });
    expect(byExpectation.get('committed')).toEqual({ ok: 600, refused: 0, alreadyPosted: 0, other: [] });
    expect(byExpectation.get('overdraft')).toEqual({ ok: 0, refused: 100, alreadyPosted: 0, other: [] });
    expect(byExpectation.get('tight')).toEqual({ ok: 20, refused: 80, alreadyPosted: 0, other: [] });
    expect(byExpectation.get('repeated reference')).toEqual({ ok: 100, refused: 0, alreadyPosted: 100, other: [] });
    expect(byExpectation.get('repeated key')).toEqual({ ok: 200, refused: 0, alreadyPosted: 0, other: [] });
    // Both sends of a key answer the one movement.
    const keyAnswers = outcomes
      .filter((_, index) => calls[index]!.expect === 'repeated key')
      .map((outcome) => (outcome as PromiseFulfilledResult<{ entryId: string }>).value.entryId);
    for (let pair = 0; pair < keyAnswers.length; pair += 2) expect(keyAnswers[pair + 1]).toBe(keyAnswers[pair]);
    expect(new Set(keyAnswers).size).toBe(100);
    // 600 transfers, 20 tight debits, 100 first references and 100 keyed movements: nothing else was posted.
    expect((await journalEntryCount()) - entriesBefore).toBe(820);

    expect((await verifyLedger(database.db)).problems).toEqual([]);
    const [total] = (
      (await database.db.execute(
        sql`select coalesce(sum(balance), 0)::text as sum from ledger_accounts`,
      )) as unknown as { rows: { sum: string }[] }
    ).rows;
    expect(total!.sum).toBe('0');
    for (const wallet of tight) expect(await memberBalance(database.db, DEMO_MERCHANT_ID, wallet.memberId)).toBe(0n);
    expect(await walletsTotal([...wallets, ...tight])).toBe(40n * 1_000_000n + 2n * 1_000n);
    expect(expectedMoved).toBeGreaterThan(0n);

    // 1,000 postings and 200 keyed calls: the postings share one statement per group, so far fewer groups than calls.
    expect(committer.stats.postings).toBe(1000);
    expect(committer.stats.units).toBe(200);
    expect(committer.stats.groups).toBeLessThanOrEqual(1 + Math.ceil(200 / 48) + 1);
    const transfers = () => notices.filter((payload) => payload.some((notice) => notice.reason === 'upline_transfer'));
    await until(() =>
      wallets.every((wallet) =>
        transfers().some((payload) => payload.some((notice) => notice.memberIds.includes(wallet.memberId))),
      ),
    );
    expect(transfers().length).toBeLessThanOrEqual(committer.stats.groups);
    const announced = new Set(
      transfers()
        .flat()
        .flatMap((notice) => notice.memberIds),
    );
    for (const wallet of wallets) expect(announced.has(wallet.memberId)).toBe(true);
    await stopListening();
  });

  it('posts each entry on its own in order: a refusal for its balance or reference leaves the others posted', async () => {
    const [wallet, other] = await fundedWallets(2, 1_000n);
    const answered = await database.db.transaction(async (tx) => {
      const posted = await postEntry(tx, transferDraft(`EACH${tag}0`, wallet!.accountId, other!.accountId, 100n));
      const outcomes = await postEachEntry(tx, [
        transferDraft(`EACH${tag}1`, wallet!.accountId, other!.accountId, 800n),
        // Would take the wallet to -100 after the first: refused; the later, smaller one still fits.
        transferDraft(`EACH${tag}2`, wallet!.accountId, other!.accountId, 200n),
        transferDraft(`EACH${tag}0`, wallet!.accountId, other!.accountId, 1n),
        transferDraft(`EACH${tag}3`, wallet!.accountId, other!.accountId, 100n),
        transferDraft(`EACH${tag}3`, wallet!.accountId, other!.accountId, 1n),
      ]);
      return { posted, outcomes };
    });
    const [first, overdraft, postedBefore, fits, repeated] = answered.outcomes;
    expect(first!.ok && first.posted.balances.get(wallet!.accountId)).toBe(100n);
    expect(overdraft).toMatchObject({ ok: false, error: { code: ERROR_CODES.insufficientBalance } });
    expect(postedBefore!.ok ? undefined : postedBefore!.error).toBeInstanceOf(AlreadyPostedError);
    expect(fits!.ok && fits.posted.balances.get(wallet!.accountId)).toBe(0n);
    expect(repeated!.ok ? undefined : repeated!.error).toBeInstanceOf(AlreadyPostedError);
    expect(await memberBalance(database.db, DEMO_MERCHANT_ID, wallet!.memberId)).toBe(0n);
    expect(await memberBalance(database.db, DEMO_MERCHANT_ID, other!.memberId)).toBe(2_000n);
    expect((await verifyLedger(database.db)).problems).toEqual([]);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'refuses only the repeat when another transaction is posting the same reference as the group runs',
    async () => {
      const [wallet, other, neighbour, sink] = await fundedWallets(4, 10_000n);
      const committer = new GroupCommitter(database);
      const contested = transferDraft(`RACE${tag}`, wallet!.accountId, other!.accountId, 10n);
      let releaseOutside!: () => void;
      const outsideHolds = new Promise<void>((resolve) => {
        releaseOutside = resolve;
      });
      let outsidePosted!: () => void;
      const outsideHasPosted = new Promise<void>((resolve) => {
        outsidePosted = resolve;
      });
      // Another transaction (another replica, say) posts the reference and holds its commit.
      const outside = database.db.transaction(async (tx) => {
        await postEntry(tx, contested);
        outsidePosted();
        await outsideHolds;
      });
      await outsideHasPosted;
      // The group's statement cannot skip what it cannot see yet: it waits for the outside commit, then
      // fails on the reference; its postings are then posted one by one.
      const grouped = Promise.allSettled([
        committer.post(transferDraft(`RACE${tag}A`, neighbour!.accountId, sink!.accountId, 5n)),
        committer.post(contested),
        committer.post(transferDraft(`RACE${tag}B`, neighbour!.accountId, sink!.accountId, 6n)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      releaseOutside();
      await outside;
      const [first, repeat, second] = await grouped;
      expect(first.status).toBe('fulfilled');
      expect(repeat).toMatchObject({ status: 'rejected', reason: expect.any(AlreadyPostedError) });
      expect(second.status).toBe('fulfilled');
      expect(await memberBalance(database.db, DEMO_MERCHANT_ID, neighbour!.memberId)).toBe(10_000n - 11n);
      expect(await memberBalance(database.db, DEMO_MERCHANT_ID, wallet!.memberId)).toBe(10_000n - 10n);
      // The first posting ran alone at once; the next group's statement failed, and its two postings
      // then ran as units of their own.
      expect(committer.stats.units).toBe(2);
      expect((await verifyLedger(database.db)).problems).toEqual([]);
    },
  );

  it('runs the whole group again when one of its units collides with another transaction (a deadlock), instead of failing that unit', async () => {
    const committer = new GroupCommitter(database);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A lone first unit keeps the committer busy while the next group gathers.
    const first = committer.run(async () => held);
    let collisions = 0;
    const group = [
      committer.run(async () => {
        throw new Error('refused');
      }),
      committer.run(async (tx) => (await tx.execute(sql`select 'before' as unit`), 'before')),
      committer.run(async () => {
        collisions += 1;
        if (collisions === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        return 'collided once';
      }),
      committer.run(async () => 'after'),
    ].map((unit) =>
      unit.then(
        (value) => value,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    release();
    await first;
    expect(await Promise.all(group)).toEqual(['failed: refused', 'before', 'collided once', 'after']);
    expect(collisions).toBe(2);
  });
});

async function journalEntryCount(): Promise<number> {
  const [row] = (
    (await database.db.execute(sql`select count(*)::int as count from journal_entries`)) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  return row!.count;
}

async function walletsTotal(wallets: { memberId: number }[]): Promise<bigint> {
  let total = 0n;
  for (const wallet of wallets) total += await memberBalance(database.db, DEMO_MERCHANT_ID, wallet.memberId);
  return total;
}

async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !check(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}
