import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeError, REDACTED, redactUrl, redactUrlsInText, serializeError } from './log-safety';

const TOKEN = 'LaunchTok3n_abcdefghijklmnopqrstuvwxyz012345';
const HASH = 'f3c1a9e0b2d84c6e9a7f5b3d1c0e8a6f4b2d0c9e7a5f3b1d9c7e5a3f1b0d8c6e';

function pgError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('redactUrl', () => {
  it('replaces the value of every secret parameter, also inside a URL in a parameter, and keeps the rest', () => {
    expect(redactUrl(`/m/play/PLR-INHOUSE-001?token=${TOKEN}&back=%2Fm%2Fhome`)).toBe(
      `/m/play/PLR-INHOUSE-001?token=${REDACTED}&back=%2Fm%2Fhome`,
    );
    expect(redactUrl(`/m/forget?resetToken=${TOKEN}`)).toBe(`/m/forget?resetToken=${REDACTED}`);
    for (const name of [
      'launchToken',
      'launch_token',
      'access-token',
      'code',
      'sign',
      'signature',
      'password',
      'key',
      'sessionId',
      'client_secret',
      'otp',
      'hash',
    ]) {
      expect(redactUrl(`/x?${name}=${TOKEN}&page=2`), name).toBe(`/x?${name}=${REDACTED}&page=2`);
    }
    expect(redactUrl(`/m/home?back=${encodeURIComponent(`/m/play/X?token=${TOKEN}`)}`)).not.toContain(TOKEN);
    expect(redactUrl(`https://pay.example/cb#access_token=${TOKEN}&state=${TOKEN}`)).toBe(
      `https://pay.example/cb#access_token=${REDACTED}&state=${REDACTED}`,
    );
    expect(redactUrl('/wps/games?gameCode=PLR&vendorCode=PLR&page=2&keyword=isla')).toBe(
      '/wps/games?gameCode=PLR&vendorCode=PLR&page=2&keyword=isla',
    );
    expect(redactUrl('/wps/member/info')).toBe('/wps/member/info');
  });

  it('redacts the links of a message text', () => {
    const text = `Open this link within 30 minutes: https://demo.example/m/forget?resetToken=${TOKEN}\nIf you did not ask for it, ignore this e-mail.`;
    expect(redactUrlsInText(text)).toBe(
      `Open this link within 30 minutes: https://demo.example/m/forget?resetToken=${REDACTED}\nIf you did not ask for it, ignore this e-mail.`,
    );
  });
});

describe('serializeError', () => {
  it('keeps the type, codes, a short message and the stack frames of a failed query, never its SQL text or parameters', () => {
    const driver = pgError('duplicate key value violates unique constraint "sessions_token_hash_key"', {
      code: '23505',
      constraint: 'sessions_token_hash_key',
      table: 'sessions',
      detail: `Key (token_hash)=(${HASH}) already exists.`,
      where: `SQL statement with ${HASH}`,
    });
    const failed = new DrizzleQueryError(
      'insert into "sessions" ("member_id", "token_hash") values ($1, $2)',
      [42, HASH],
      driver,
    );
    const logged = serializeError(failed) as Record<string, unknown> & { cause: Record<string, unknown> };
    const text = JSON.stringify(logged);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('values (');
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query (insert … "sessions")' });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query \(insert … "sessions"\)\n\s+at /);
    expect(logged.cause).toMatchObject({
      code: '23505',
      constraint: 'sessions_token_hash_key',
      table: 'sessions',
      message: 'duplicate key value violates unique constraint "sessions_token_hash_key"',
    });
    expect(logged.cause).not.toHaveProperty('detail');
  });

  it('masks the value a pg error quotes, drops the stack when asked, and describes an error on one safe line', () => {
    const badValue = pgError(`invalid input syntax for type uuid: "${TOKEN}"`, { code: '22P02' });
    expect(serializeError(badValue, { withStack: false })).toEqual({
      type: 'Error',
      message: 'invalid input syntax for type uuid: "…"',
      code: '22P02',
      severity: 'ERROR',
    });
    const summary = describeError(
      new DrizzleQueryError('select * from "sessions" where "token_hash" = $1', [HASH], badValue),
    );
    expect(summary).toBe(
      'DrizzleQueryError: Failed query (select … "sessions"); caused by: invalid input syntax for type uuid: "…"',
    );
  });
});
