import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HttpEmailProvider,
  HttpSmsProvider,
  MessageDeliveryError,
  createEmailProvider,
  createSmsProvider,
  type EmailProvider,
  type SmsProvider,
} from './messaging';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in SMS / e-mail gateway: records each request and answers with the next scripted status. */
let server: Server;
let baseUrl: string;
let received: Received[];
let script: Array<number | 'hang' | 'drop'>;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: JSON.parse(text || 'null'),
      });
      const next = script.shift() ?? 200;
      if (next === 'hang') return;
      if (next === 'drop') return request.socket.destroy();
      response.writeHead(next, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ echoed: (received.at(-1)!.body as { text?: string })?.text }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  script = [];
});

const message = { to: '+639171234567', text: 'Your Palaro code is 483920' };

function provider(overrides: Partial<ConstructorParameters<typeof HttpSmsProvider>[0]> = {}) {
  return new HttpSmsProvider({ url: `${baseUrl}/v1/sms`, token: 'gateway-token', senderId: 'PALARO', ...overrides });
}

describe('HttpSmsProvider', () => {
  it('POSTs {to, from, text} as JSON with the bearer token', async () => {
    await provider().send(message);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/sms');
    expect(request!.headers.authorization).toBe('Bearer gateway-token');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({ to: '+639171234567', from: 'PALARO', text: 'Your Palaro code is 483920' });
  });

  it('sends no authorization header when no token is configured', async () => {
    await provider({ token: undefined }).send(message);
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('retries once after a 5xx and succeeds', async () => {
    script = [503, 200];
    await provider().send(message);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual(received[0]!.body);
  });

  it('retries once after a dropped connection', async () => {
    script = ['drop', 200];
    await provider().send(message);
    expect(received).toHaveLength(2);
  });

  it('gives up after the second 5xx with a MessageDeliveryError that does not carry the text', async () => {
    script = [500, 502];
    const error = await provider()
      .send(message)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect(error).toMatchObject({ provider: 'http-sms', status: 502, retryable: true });
    expect(received).toHaveLength(2);
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).not.toContain('483920');
  });

  it('does not retry a 4xx: the request itself was refused', async () => {
    script = [400];
    const error = await provider()
      .send(message)
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'MessageDeliveryError', status: 400, retryable: false });
    expect((error as Error).message).not.toContain('483920');
    expect(received).toHaveLength(1);
  });

  it('times out a gateway that never answers, retries once, then fails', async () => {
    script = ['hang', 'hang'];
    const started = Date.now();
    const error = await provider({ timeoutMs: 200 })
      .send(message)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MessageDeliveryError);
    expect((error as Error).message).toMatch(/did not answer within 200 ms/);
    expect(received).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails with a MessageDeliveryError when nothing listens', async () => {
    const error = await provider({ url: 'http://127.0.0.1:1/sms' })
      .send(message)
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'MessageDeliveryError', status: null, retryable: true });
    expect((error as Error).message).toBe('SMS gateway unreachable');
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => provider({ url: 'ftp://gateway/sms' })).toThrow(/http/);
  });
});

describe('createSmsProvider', () => {
  const outbox: SmsProvider = { name: 'outbox', send: async () => undefined };

  it('uses the HTTP gateway when SMS_HTTP_URL is configured', () => {
    const chosen = createSmsProvider(
      { smsHttpUrl: `${baseUrl}/sms`, smsHttpToken: 't', smsSenderId: 'PALARO' },
      outbox,
    );
    expect(chosen).toBeInstanceOf(HttpSmsProvider);
    expect(chosen.name).toBe('http-sms');
  });

  it('falls back to the given provider otherwise', () => {
    expect(createSmsProvider({}, outbox)).toBe(outbox);
    expect(createSmsProvider({ smsHttpUrl: undefined, smsHttpToken: 't' }, outbox)).toBe(outbox);
  });
});

describe('HttpEmailProvider', () => {
  const mail = {
    to: 'tala@example.ph',
    subject: 'Reset your Palaro password',
    text: 'Open https://palaro.example/m/forget?resetToken=abc',
  };
  const emailProvider = () =>
    new HttpEmailProvider({ url: `${baseUrl}/v1/mail`, token: 'mail-token', from: 'Palaro <no-reply@palaro.example>' });

  it('POSTs {to, from, subject, text} as JSON with the bearer token', async () => {
    await emailProvider().send(mail);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v1/mail');
    expect(received[0]!.headers.authorization).toBe('Bearer mail-token');
    expect(received[0]!.body).toEqual({
      to: mail.to,
      from: 'Palaro <no-reply@palaro.example>',
      subject: mail.subject,
      text: mail.text,
    });
  });

  it('retries once after a 5xx, and reports a 4xx without the message text', async () => {
    script = [503, 200];
    await emailProvider().send(mail);
    expect(received).toHaveLength(2);

    received = [];
    script = [422];
    const failure = await emailProvider()
      .send(mail)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MessageDeliveryError);
    expect((failure as MessageDeliveryError).message).toBe('E-mail gateway answered 422');
    expect((failure as MessageDeliveryError).message).not.toContain('resetToken');
    expect(received).toHaveLength(1);
  });
});

describe('createEmailProvider', () => {
  const outbox: EmailProvider = { name: 'outbox', send: async () => undefined };

  it('uses the HTTP sending service when EMAIL_HTTP_URL is configured, the fallback otherwise', () => {
    expect(
      createEmailProvider({ emailHttpUrl: `${baseUrl}/mail`, emailHttpToken: 't', emailFrom: 'a@b.ph' }, outbox),
    ).toBeInstanceOf(HttpEmailProvider);
    expect(createEmailProvider({}, outbox)).toBe(outbox);
  });
});
