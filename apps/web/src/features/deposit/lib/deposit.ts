import { amountOutsideLimits, parseMoney, type TDepositChannel } from '@palaro/contract';
import type { FieldMessage } from '../../../shared/i18n/message';
import { moneyText } from '../../../shared/lib/money';

/** The receipt may be at most 1.5 MB (its data URL then stays under the contract's 2,100,000 characters). */
export const RECEIPT_MAX_BYTES = 1.5 * 1024 * 1024;
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const RECEIPT_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/;

/** What the typed amount box may hold: digits, separators and one dot with at most 2 decimals. */
export function cleanAmountInput(typed: string): string {
  const kept = typed.replace(/[^\d.,]/g, '');
  const [whole = '', ...rest] = kept.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').replace(/,/g, '').slice(0, 2)}`;
}

/** A preset amount as the amount box shows it: "500", "1250.50". */
export function amountInputOf(minor: number): string {
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

export function hasFee(channel: Pick<TDepositChannel, 'feeBasisPoints' | 'feeFixed'>): boolean {
  return channel.feeBasisPoints > 0 || channel.feeFixed > 0;
}

/** The amount field's message, or null when the amount can be sent (spec §5: checked before the call). */
export function validateAmount(
  typed: string,
  channel: Pick<TDepositChannel, 'minAmount' | 'maxAmount'>,
  symbol: string,
): FieldMessage | null {
  if (!typed.trim()) return { key: 'deposit_enter_amount' };
  const minor = parseMoney(typed);
  if (minor === null || minor <= 0) return { key: 'in_amount_invalid' };
  const outside = amountOutsideLimits(minor, channel);
  if (outside === 'below')
    return { key: 'deposit_amount_min', values: { amount: moneyText(channel.minAmount, symbol) } };
  if (outside === 'above')
    return { key: 'deposit_amount_max', values: { amount: moneyText(channel.maxAmount, symbol) } };
  return null;
}

/** The sender name of a bank transfer: required, 2 to 128 characters. */
export function validateSenderName(typed: string): FieldMessage | null {
  const value = typed.trim();
  if (!value) return { key: 'deposit_enter_sender' };
  if (value.length < 2 || value.length > 128) return { key: 'in_name_format' };
  return null;
}

/** The bank transfer's reference number: required (the operator matches the transfer by it), at most 128 characters. */
export function validateReference(typed: string): FieldMessage | null {
  const value = typed.trim();
  if (!value) return { key: 'deposit_enter_reference' };
  return value.length > 128 ? { key: 'in_reference_invalid' } : null;
}

/** "1.8 MB", "640 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Why a file cannot be the receipt (type first, then size), or null. */
export function checkReceiptFile(file: Pick<File, 'type' | 'size'>): FieldMessage | null {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return { key: 'deposit_receipt_type' };
  if (file.size > RECEIPT_MAX_BYTES)
    return { key: 'deposit_receipt_size', values: { size: formatFileSize(file.size) } };
  return null;
}

export type ReceiptResult = { dataUrl: string; error?: undefined } | { dataUrl?: undefined; error: FieldMessage };

/** Reads an accepted file as a data URL the contract accepts (PNG/JPEG/WebP, base64). */
export async function readReceipt(file: File): Promise<ReceiptResult> {
  const problem = checkReceiptFile(file);
  if (problem) return { error: problem };
  const dataUrl = await new Promise<string | null>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
  if (!dataUrl || !RECEIPT_DATA_URL.test(dataUrl)) return { error: { key: 'deposit_receipt_read_failed' } };
  return { dataUrl };
}

/** "1", "1.5": the turnover multiple of a percentage. */
export function turnoverMultiple(percent: number): string {
  return String(Math.round(percent) / 100);
}
