import type { Db } from '../../platform/db/database';
import type { MerchantRow } from '../site/schema';
import type { AccountsRuntime } from './runtime';

/** One request's view of the accounts module: the merchant it belongs to and who sent it. */
export interface AccountsContext {
  db: Db;
  rt: AccountsRuntime;
  merchant: MerchantRow;
  ip: string;
  /** The client's Device header and user agent, shortened; shown in the sign-in history. */
  device: string;
}

/** Rate-limit key scoped to the request's merchant. */
export function limitKey(ctx: AccountsContext, ...parts: string[]): string {
  return [`m${ctx.merchant.id}`, ...parts].join(':');
}

export function secondsFrom(now: Date, seconds: number): Date {
  return new Date(now.getTime() + seconds * 1000);
}
