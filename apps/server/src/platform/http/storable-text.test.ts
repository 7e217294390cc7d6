import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, PROVIDER_API_PREFIX } from '@palaro/contract';
import { AccountsClient } from '../../modules/accounts/testing';
import { ProviderClient } from '../../modules/game-wallet/testing';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from './storable-text';

let testApp: TestApp;
let provider: ProviderClient;
beforeAll(async () => {
  testApp = await createTestApp();
  provider = await ProviderClient.of(testApp.app, testApp.db, () => new Date());
});
afterAll(async () => {
  await testApp?.close();
});

/** Text PostgreSQL cannot store: NUL, and each half of a surrogate pair on its own. */
const UNSTORABLE = { nul: 'a\u0000b', 'lone high surrogate': 'a\uD800b', 'lone low surrogate': 'a\uDC00b' } as const;

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Where a string sits in a body: the body that puts `text` there, and the field the answer names. */
interface TextSlot {
  field: string;
  bodyWith: (text: string) => unknown;
}

function isStringSchema(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes('string') ||
    typeof schema.const === 'string' ||
    (schema.enum ?? []).some((value) => typeof value === 'string')
  );
}

/** Every place of a request body schema that holds a string, object keys of records included. */
function textSlots(
  schema: JsonSchema,
  path: string[] = [],
  wrap: (inner: unknown) => unknown = (inner) => inner,
): TextSlot[] {
  const slots: TextSlot[] = [];
  if (isStringSchema(schema)) slots.push({ field: path.join('.'), bodyWith: wrap });
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    slots.push(...textSlots(branch, path, wrap));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    slots.push(...textSlots(property, [...path, name], (inner) => wrap({ [name]: inner })));
  }
  if (schema.items) slots.push(...textSlots(schema.items, [...path, '0'], (inner) => wrap([inner])));
  if (typeof schema.additionalProperties === 'object') {
    slots.push(...textSlots(schema.additionalProperties, [...path, 'key'], (inner) => wrap({ key: inner })));
    // The key itself is text too: instructions by language, say.
    slots.push({ field: `${path.join('.')}.<key>`, bodyWith: (text) => wrap({ [text]: 'value' }) });
  }
  const seen = new Set<string>();
  return slots.filter((slot) => !seen.has(slot.field) && seen.add(slot.field));
}

/** Stand-ins for path parameters, so every route is reached. */
const PATH_SAMPLES: Record<string, string> = {
  merchantCode: 'PALARO',
  id: '1',
  orderNo: 'D0000000000001',
  gateway: 'sandbox',
};

interface Probe {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  field: string;
}

/**
 * For every operation of the OpenAPI document: one request per text slot of its body, and of its
 * query and path when `inUrl` (a URL cannot carry a lone surrogate: a path with its percent-encoded
 * bytes is refused as a malformed address, and a query keeps the undecodable escape as it is).
 */
function probesOf(
  document: { paths: Record<string, Record<string, Operation>> },
  unstorable: string,
  inUrl: boolean,
): Probe[] {
  const probes: Probe[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = inUrl ? (operation.parameters ?? []) : [];
      const pathOf = (replace: Record<string, string> = {}) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(replace[name] ?? PATH_SAMPLES[name] ?? 'sample'),
        );
      const name = `${method.toUpperCase()} ${template}`;
      for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
        probes.push({ name, method, url: pathOf({ [parameter.name]: unstorable }), field: parameter.name });
      }
      for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
        probes.push({
          name,
          method,
          url: `${pathOf()}?${new URLSearchParams({ [parameter.name]: unstorable })}`,
          field: parameter.name,
        });
      }
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      for (const slot of bodySchema ? textSlots(bodySchema) : []) {
        const field = slot.field.replace('<key>', unstorable);
        probes.push({ name, method, url: pathOf(), payload: slot.bodyWith(unstorable), field: field || 'body' });
      }
    }
  }
  return probes;
}

async function openApiDocument() {
  const response = await testApp.app.inject({ url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json() as { paths: Record<string, Record<string, Operation>> };
}

describe('text the database cannot store', () => {
  it('finds NUL and lone surrogates in values and keys, at any depth, and passes real text', () => {
    expect(unstorableTextPath({ name: 'Juan dela Cruz 🇵🇭 ñ', tags: ['ok', '𝕏'] })).toBeNull();
    expect(unstorableTextPath({ a: [{ b: 'x\u0000' }] })).toEqual(['a', '0', 'b']);
    expect(unstorableTextPath({ ['k\uDBFF']: 1 })).toEqual(['k\uDBFF']);
    expect(unstorableTextPath('\uDE00')).toEqual([]);
    expect(unstorableTextPath('\uD83D\uDE00')).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(unstorableTextPath(deep)).toHaveLength(100_000);
  });

  it.each(Object.entries(UNSTORABLE))(
    'is refused with 400 naming the field in every body, query and path parameter of every operation (%s)',
    { timeout: 120_000 },
    async (_kind, unstorable) => {
      const probes = probesOf(await openApiDocument(), unstorable, unstorable === UNSTORABLE.nul);
      expect(probes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      for (const probe of probes) {
        // A game provider's call is refused unsigned before its body is read: sign it as the provider would.
        const response = probe.url.startsWith(PROVIDER_API_PREFIX)
          ? await provider.call(probe.url, probe.payload)
          : await testApp.app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              remoteAddress: '198.51.100.90',
              headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
              ...(probe.payload !== undefined && { payload: probe.payload as object }),
            });
        const body = response.json() as {
          errorCode?: string;
          value?: { fields?: { field: string; message: string }[] };
        };
        const named = body.value?.fields?.some(
          (field) => field.field === probe.field && field.message === UNSTORABLE_TEXT_MESSAGE,
        );
        if (response.statusCode !== 400 || body.errorCode !== ERROR_CODES.validation || !named) {
          failures.push(`${probe.name} ${probe.field}: ${response.statusCode} ${response.body}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('is refused inside encrypted sign-in and registration bodies', async () => {
    const client = new AccountsClient(testApp.app, '198.51.100.91');
    for (const unstorable of Object.values(UNSTORABLE)) {
      for (const response of [
        await client.login({ username: `juan${unstorable}`, password: 'Lakas1234' }),
        await client.register({ username: `juan${unstorable}`, password: 'Lakas1234', confirmPassword: 'Lakas1234' }),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().value.fields).toEqual([
          expect.objectContaining({ field: 'username', message: UNSTORABLE_TEXT_MESSAGE }),
        ]);
      }
    }
  });

  it('is refused in a gateway notice before any lookup', async () => {
    for (const unstorable of Object.values(UNSTORABLE)) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: API_PATHS.gatewayCallback.replace(':gateway', 'sandbox'),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          eventId: 'evt_00000000',
          orderNo: `D${unstorable}`,
          gatewayReference: 'GW',
          status: 'paid',
          amount: 100,
        }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().value.fields).toEqual([
        expect.objectContaining({ field: 'orderNo', message: UNSTORABLE_TEXT_MESSAGE }),
      ]);
    }
  });

  it('is what the database refuses or alters, which is why it is bad input', async () => {
    const { db } = testApp.db;
    const roundTrip = async (cast: 'text' | 'jsonb', value: string) => {
      try {
        const result = (await db.execute(sql`select ${value}::${sql.raw(cast)} as value`)) as unknown as {
          rows: { value: unknown }[];
        };
        return { stored: result.rows[0]!.value };
      } catch {
        return { refused: true };
      }
    };
    expect(await roundTrip('text', UNSTORABLE.nul)).toEqual({ refused: true });
    expect(await roundTrip('jsonb', JSON.stringify({ text: UNSTORABLE.nul }))).toEqual({ refused: true });
    // Both drivers encode a lone surrogate as U+FFFD: text would keep something else than was sent.
    expect(await roundTrip('text', UNSTORABLE['lone high surrogate'])).toEqual({ stored: 'a\uFFFDb' });
    expect(await roundTrip('jsonb', JSON.stringify({ text: UNSTORABLE['lone low surrogate'] }))).toEqual({
      refused: true,
    });
  });
});
