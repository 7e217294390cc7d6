import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { Messaging } from '../../platform/context';
import { redactUrlsInText } from '../../platform/log-safety';
import type { EmailMessage, EmailProvider, SmsMessage, SmsProvider } from '../../platform/messaging';
import * as store from './store';

/**
 * The default messengers: each message is written to the outbox table, where `npm run outbox`
 * (or GET /dev/outbox outside production) lets a local user read the code. Outside production the
 * text is also logged so a developer sees it in the server output (a link's token redacted: a
 * reset link opens the account, read it from the outbox); in production only the fact.
 * One provider per merchant (built per message by the platform context): each row records the merchant, so
 * a merchant's outbox page lists only its own messages. The SmsProvider interface stays generic.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox-sms';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly revealInLog: boolean,
    private readonly merchantId: number,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await store.insertOutboxMessage(this.db, {
      merchantId: this.merchantId,
      channel: 'sms',
      recipient: message.to,
      subject: null,
      body: message.text,
    });
    if (this.revealInLog) this.log.info(`SMS to ${message.to}: ${redactUrlsInText(message.text)}`);
    else this.log.info({ channel: 'sms' }, 'SMS written to the outbox');
  }
}

export class OutboxEmailProvider implements EmailProvider {
  readonly name = 'outbox-email';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly revealInLog: boolean,
    private readonly merchantId: number,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await store.insertOutboxMessage(this.db, {
      merchantId: this.merchantId,
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
    if (this.revealInLog)
      this.log.info(`E-mail to ${message.to} (${message.subject}): ${redactUrlsInText(message.text)}`);
    else this.log.info({ channel: 'email' }, 'E-mail written to the outbox');
  }
}

/**
 * The messengers used when no SMS or e-mail gateway is configured. Outside production the code is
 * also written to the log, so a developer reads it in the server output.
 */
export function outboxMessaging(db: Db, log: FastifyBaseLogger, revealInLog: boolean): Messaging {
  return {
    sms: (merchantId) => new OutboxSmsProvider(db, log, revealInLog, merchantId),
    email: (merchantId) => new OutboxEmailProvider(db, log, revealInLog, merchantId),
  };
}
