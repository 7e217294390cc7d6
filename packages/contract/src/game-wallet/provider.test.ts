import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LAUNCH_TOKEN_PATTERN, PROVIDER_PLAYER_ID_PATTERN, providerSignature, providerSigningString } from './provider';

describe('the provider signature', () => {
  const body =
    '{"token":"q3Zx8mN1v0aP7rT2yB5kL9wE4hJ6uC3dF0gS8nM1vXc","playerId":"1-42","transactionId":"bet-9001","roundId":"round-77","gameCode":"PLR-INHOUSE-001","amount":2500,"currency":"PHP"}';

  it('signs timestamp.requestId.rawBody, as the worked example of docs/GAME-PROVIDERS.md', async () => {
    expect(providerSigningString('1764129600000', 'req-0001-example', body)).toBe(
      `1764129600000.req-0001-example.${body}`,
    );
    expect(await providerSignature('example-secret-do-not-use', '1764129600000', 'req-0001-example', body)).toBe(
      'caa18e7afaf438e2e116649e02014582548310861e142ede0d99587880822e63',
    );
  });

  it('is the HMAC-SHA256 any other library computes, for any secret and body', async () => {
    for (const [secret, rawBody] of [
      ['s', ''],
      ['ñ-secret-✓', '{"a":"ünïcode 💥"}'],
      ['x'.repeat(200), body.repeat(20)],
    ] as const) {
      const expected = createHmac('sha256', secret).update(`1.req-12345678.${rawBody}`).digest('hex');
      expect(await providerSignature(secret, '1', 'req-12345678', rawBody)).toBe(expected);
    }
  });

  it('knows a launch token and a player id by their form', () => {
    expect(LAUNCH_TOKEN_PATTERN.test('q3Zx8mN1v0aP7rT2yB5kL9wE4hJ6uC3dF0gS8nM1vXc')).toBe(true);
    expect(LAUNCH_TOKEN_PATTERN.test('short')).toBe(false);
    expect(
      ['Zq3x8mN1v0aP7rT2yB5k_-', 'AAAAAAAAAAAAAAAAAAAAAA'].every((id) => PROVIDER_PLAYER_ID_PATTERN.test(id)),
    ).toBe(true);
    expect(
      ['1-42', '5-9007199254740', 'Zq3x8mN1v0aP7rT2yB5k', 'Zq3x8mN1v0aP7rT2yB5k_-x', 'Zq3x8mN1v0aP7rT2yB5k+/'].some(
        (id) => PROVIDER_PLAYER_ID_PATTERN.test(id),
      ),
    ).toBe(false);
  });
});
