/**
 * Outgoing SMS and e-mail. Services depend on the two interfaces only; which provider answers is
 * decided once at start-up from the configuration (createSmsProvider, createEmailProvider). Message texts carry
 * verification codes and reset links, so no provider here ever logs or reports them.
 */

export interface SmsMessage {
  /** E.164, e.g. +639171234567. */
  to: string;
  text: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

/** A message the provider could not deliver. Carries the status, never the message text. */
export class MessageDeliveryError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MessageDeliveryError';
  }
}

export interface HttpGatewayOptions {
  url: string;
  token: string | undefined;
  /** Per attempt; the gateway either accepts within this or is treated as down. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface HttpSmsProviderOptions extends HttpGatewayOptions {
  senderId: string | undefined;
}

export interface HttpEmailProviderOptions extends HttpGatewayOptions {
  from: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 250;

/**
 * A generic HTTP message gateway: POST a JSON body with a bearer token. One retry covers a dropped
 * connection or a gateway restart (5xx); a 4xx is our request's fault and is not retried, since
 * sending it again could only fail again (or, for a 429, make it worse).
 */
class HttpGateway {
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly provider: string,
    /** How errors name the gateway, e.g. "SMS gateway". */
    private readonly label: string,
    private readonly options: HttpGatewayOptions,
  ) {
    const url = new URL(options.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${label} URL must be an http(s) URL`);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async deliver(body: Record<string, unknown>): Promise<void> {
    try {
      await this.attempt(body);
    } catch (error) {
      if (!(error instanceof MessageDeliveryError) || !error.retryable) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      await this.attempt(body);
    }
  }

  private async attempt(body: Record<string, unknown>): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    let response: Response;
    try {
      response = await this.fetchImpl(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new MessageDeliveryError(
        this.provider,
        timedOut ? `${this.label} did not answer within ${this.timeoutMs} ms` : `${this.label} unreachable`,
        null,
        true,
        { cause: error },
      );
    }
    // Drain the body so the connection is released. Its content stays out of the error: gateways
    // often echo the rejected message, and errors end up in logs.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return;
    throw new MessageDeliveryError(
      this.provider,
      `${this.label} answered ${response.status}`,
      response.status,
      response.status >= 500,
    );
  }
}

/** SMS through an HTTP gateway: POST {to, from, text}. */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http-sms';
  private readonly gateway: HttpGateway;

  constructor(private readonly options: HttpSmsProviderOptions) {
    this.gateway = new HttpGateway(this.name, 'SMS gateway', options);
  }

  send(message: SmsMessage): Promise<void> {
    return this.gateway.deliver({ to: message.to, from: this.options.senderId ?? null, text: message.text });
  }
}

/** E-mail through an HTTP sending service: POST {to, from, subject, text}. */
export class HttpEmailProvider implements EmailProvider {
  readonly name = 'http-email';
  private readonly gateway: HttpGateway;

  constructor(private readonly options: HttpEmailProviderOptions) {
    this.gateway = new HttpGateway(this.name, 'E-mail gateway', options);
  }

  send(message: EmailMessage): Promise<void> {
    return this.gateway.deliver({
      to: message.to,
      from: this.options.from ?? null,
      subject: message.subject,
      text: message.text,
    });
  }
}

export interface SmsConfig {
  smsHttpUrl?: string | undefined;
  smsHttpToken?: string | undefined;
  smsSenderId?: string | undefined;
}

export interface EmailConfig {
  emailHttpUrl?: string | undefined;
  emailHttpToken?: string | undefined;
  emailFrom?: string | undefined;
}

/** The HTTP gateway when SMS_HTTP_URL is configured; otherwise the given fallback (the outbox). */
export function createSmsProvider(config: SmsConfig, fallback: SmsProvider): SmsProvider {
  if (!config.smsHttpUrl) return fallback;
  return new HttpSmsProvider({ url: config.smsHttpUrl, token: config.smsHttpToken, senderId: config.smsSenderId });
}

/** The HTTP sending service when EMAIL_HTTP_URL is configured; otherwise the given fallback (the outbox). */
export function createEmailProvider(config: EmailConfig, fallback: EmailProvider): EmailProvider {
  if (!config.emailHttpUrl) return fallback;
  return new HttpEmailProvider({ url: config.emailHttpUrl, token: config.emailHttpToken, from: config.emailFrom });
}
