import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_WALLET_API_PATHS, PROVIDER_API_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { creditMember, registeredMember } from '../wallet/testing';
import { verifyLedger } from '../wallet/verify';
import { launchToken, newTransactionId, nodeIdOf, ProviderClient } from './testing';

/**
 * Whatever a player sends to the launch and the records, and whatever a provider sends in a
 * correctly signed body — unknown games and vendors, cockfight while it is off, malformed ids,
 * huge numbers and pages, bad dates, wrong types, text that cannot be stored — the answer is a
 * clear refusal in the envelope (never a 500) and no money moves.
 */

let testApp: TestApp;
let client: AccountsClient;
let provider: ProviderClient;
let token: string;
let playerId: string;
let slotNodeId: number;
let cockfightNodeId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const member = await registeredMember(testApp.app, testApp.db);
  client = member.client;
  await creditMember(testApp.db, member.memberId, 100_000n);
  slotNodeId = await nodeIdOf(testApp.db, 'PLR-INHOUSE-001');
  cockfightNodeId = await nodeIdOf(testApp.db, 'DS88-COCKFIGHT-001');
  provider = await ProviderClient.of(testApp.app, testApp.db, () => new Date());
  token = (await launchToken(client, 'PLR', slotNodeId)).token;
  playerId = `1-${member.memberId}`;
});
afterAll(async () => {
  await testApp?.close();
});

async function moneyRows(): Promise<number> {
  const result = await testApp.db.db.execute(
    sql`select (select count(*) from journal_entries) + (select count(*) from game_rounds) + (select count(*) from game_transactions) as count`,
  );
  return Number((result as unknown as { rows: { count: string }[] }).rows[0]!.count);
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 100, maxLength: 2000 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '\uD800',
    '𝕏💥',
    '1e309',
    'NaN',
    '-0',
    '../../etc/passwd',
    'PLR-INHOUSE-001',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_SAFE_INTEGER, 99_999_999_999),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

describe('bad input to the game wallet', () => {
  it('launch and records answer 4xx in the envelope for any query, never a 500', { timeout: 180_000 }, async () => {
    const launchQuery = fc.record(
      {
        vendor: fc.oneof(fc.constantFrom('PLR', 'DS88', 'ALON', 'NOPE', 'plr', ''), fc.string({ maxLength: 40 })),
        nodeId: fc.oneof(
          fc.constantFrom(String(slotNodeId), String(cockfightNodeId), '0', '-5', '1e3', '99999999999', 'abc', ''),
          fc.integer().map(String),
        ),
        gameId: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 60 })),
        gameType: fc.oneof(fc.constant(undefined), fc.constantFrom('RNG', 'INHOUSE', 'COCKFIGHT', 'nope')),
        pageBack: fc.oneof(
          fc.constant(undefined),
          fc.constantFrom('/m/home', '//evil.example', 'https://evil.example', '/\\evil', 'x'.repeat(600)),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(launchQuery, async (query) => {
        const values = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<
          string,
          string
        >;
        const response = await client.request('POST', GAME_WALLET_API_PATHS.launchGame, values);
        expect([200, 400, 404, 409], `${JSON.stringify(values)} → ${response.body.slice(0, 200)}`).toContain(
          response.statusCode,
        );
        expect(response.json().success).toBe(response.statusCode === 200);
        // Only the PLR slot asked for by its vendor and id is ever launched.
        if (response.statusCode === 200)
          expect([values.vendor?.trim().toUpperCase(), values.nodeId]).toEqual(['PLR', String(slotNodeId)]);
      }),
      { numRuns: 120 },
    );
    const cockfight = await client.request('POST', GAME_WALLET_API_PATHS.launchGame, {
      vendor: 'DS88',
      nodeId: cockfightNodeId,
    });
    expect(cockfight.statusCode).toBe(404);

    const recordsQuery = fc.dictionary(
      fc.constantFrom('from', 'to', 'page', 'pageSize', 'gameType'),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('2026-02-30', '2026-13-01', '1900-01-01', '9999-12-31', '99999999', '0', '-1', 'INHOUSE'),
      ),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(recordsQuery, async (values) => {
        const response = await client.request(
          'GET',
          `${GAME_WALLET_API_PATHS.gameRecords}?${new URLSearchParams(values)}`,
        );
        expect([200, 400], `${JSON.stringify(values)} → ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      }),
      { numRuns: 100 },
    );
  });

  it(
    'the provider API refuses any malformed signed body with a 4xx and moves no money',
    { timeout: 180_000 },
    async () => {
      const before = await moneyRows();
      const fields = [
        'token',
        'playerId',
        'transactionId',
        'roundId',
        'betTransactionId',
        'referenceTransactionId',
        'gameCode',
        'amount',
        'currency',
        'roundEnded',
        'betAmount',
        'winAmount',
        'winTransactionId',
        'from',
        'to',
        'page',
        'pageSize',
      ];
      const moneyPaths = fc.constantFrom(
        PROVIDER_API_PATHS.debit,
        PROVIDER_API_PATHS.credit,
        PROVIDER_API_PATHS.rollback,
        PROVIDER_API_PATHS.betAndSettle,
      );
      const allPaths = fc.constantFrom(...Object.values(PROVIDER_API_PATHS));
      // Bodies valid but for a negative amount and a wrong currency, one field made nasty; and bodies of nothing but nasty fields.
      const valid = () => ({
        token,
        playerId,
        transactionId: newTransactionId(),
        roundId: newTransactionId('r'),
        betTransactionId: 'never-bet',
        referenceTransactionId: 'never-sent',
        gameCode: 'PLR-INHOUSE-001',
        amount: 100,
        currency: 'PHP',
        roundEnded: true,
      });
      const body = fc.oneof(
        fc
          .record({ field: fc.constantFrom(...fields), value: nasty })
          .map(({ field, value }) => ({ ...valid(), amount: -1, currency: 'USD', [field]: value })),
        fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: 6 }),
      );
      await fc.assert(
        fc.asyncProperty(moneyPaths, body, async (path, payload) => {
          const response = await provider.call(path, payload);
          expect(
            response.statusCode,
            `${path} ${JSON.stringify(payload).slice(0, 200)} → ${response.body.slice(0, 300)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json()).toMatchObject({
            success: false,
            errorCode: expect.any(String),
            message: expect.any(String),
          });
        }),
        { numRuns: 150 },
      );
      // Authenticate, balance and reconciliation may answer what they are asked; never with a 500.
      await fc.assert(
        fc.asyncProperty(
          allPaths,
          fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: 6 }),
          async (path, payload) => {
            const response = await provider.call(path, payload);
            expect(
              response.statusCode,
              `${path} ${JSON.stringify(payload).slice(0, 200)} → ${response.body.slice(0, 300)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: 100 },
      );
      for (const raw of [
        '{"amount":',
        '[]',
        'null',
        '"text"',
        '',
        '{"playerId":"1-1","amount":1e400}',
        '{"playerId":"1-1e3"}',
      ]) {
        for (const path of [PROVIDER_API_PATHS.debit, PROVIDER_API_PATHS.credit]) {
          const response = await provider.call(path, raw);
          expect(response.statusCode, `${path} ${raw}`).toBe(400);
        }
      }
      // Ids that look right but name nothing.
      for (const [path, payload] of [
        [PROVIDER_API_PATHS.balance, { playerId: '999-1' }],
        [PROVIDER_API_PATHS.balance, { playerId: '1-999999999' }],
        [PROVIDER_API_PATHS.credit, { ...valid(), playerId: '999-1', betTransactionId: 'nope' }],
        [PROVIDER_API_PATHS.debit, { ...valid(), playerId: '999-1' }],
        [
          PROVIDER_API_PATHS.rollback,
          { playerId: '999-1', transactionId: newTransactionId(), referenceTransactionId: 'nope' },
        ],
        [PROVIDER_API_PATHS.transactions, { roundId: 'no-such-round', page: 10_000 }],
        [PROVIDER_API_PATHS.transactions, { from: '2026-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }],
      ] as const) {
        const response = await provider.call(path, payload);
        expect(response.statusCode, `${path} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
      }
      expect(await moneyRows()).toBe(before);
      expect((await verifyLedger(testApp.db.db)).problems).toEqual([]);
    },
  );
});
