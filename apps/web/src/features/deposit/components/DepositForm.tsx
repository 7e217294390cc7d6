import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { Link, useNavigate } from '../../../shared/router';
import { useQueryClient } from '../../../shared/query/react';
import {
  ERROR_CODES,
  TIMING_MS,
  WEB_ROUTES,
  depositFee,
  parseMoney,
  requiredTurnover,
  type TDepositChannel,
  type TDepositOrder,
  type TDepositRequest,
} from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { ApiError, fieldErrorsOf } from '../../../shared/api/client';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { useToast } from '../../../shared/ui/feedback';
import { Field, keepFieldFocusOnPress } from '../../../shared/ui/form';
import { PrimaryAction } from '../../../shared/ui/PrimaryAction';
import { CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { DocIcon } from '../../../shared/ui/accountIcons';
import type { TextKey } from '../../../shared/i18n';
import { useMessageText, type FieldMessage } from '../../../shared/i18n/message';
import { createDepositOrder, refreshDepositChannels } from '../api/orders';
import { moneyText } from '../../../shared/lib/money';
import { useIdempotentSubmit } from '../../../shared/api/idempotency';
import {
  RECEIPT_TYPES,
  amountInputOf,
  cleanAmountInput,
  hasFee,
  readReceipt,
  turnoverMultiple,
  validateAmount,
  validateReference,
  validateSenderName,
} from '../lib/deposit';
import { CopyButton } from './CopyButton';

type Errors = Partial<Record<'amount' | 'senderName' | 'senderReference' | 'receiptImage', FieldMessage | null>>;

/** Where the gateway page is opened; a seam for tests. */
export const paymentPage = {
  open(url: string) {
    window.location.assign(url);
  },
};

const INFO_KEYS: Record<string, TextKey> = {
  bankName: 'deposit_info_bankName',
  accountName: 'deposit_info_accountName',
  accountNumber: 'deposit_info_accountNumber',
  branch: 'deposit_info_branch',
  address: 'deposit_info_address',
  walletAddress: 'deposit_info_walletAddress',
  network: 'deposit_info_network',
  rate: 'deposit_info_rate',
  note: 'deposit_info_note',
};

function humanise(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The channel's instructions (bank account, wallet address), each with a copy button. */
function Instructions({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation();
  const entries = Object.entries(channel.instructions).filter(([, value]) => value.trim() !== '');
  if (entries.length === 0) return null;
  return (
    <section className="dep-info" aria-label={t('deposit_instructions')} data-testid="deposit-instructions">
      <p className="dep-info__title">{t('deposit_instructions')}</p>
      {channel.kind === 'bank_transfer' ? <p className="dep-info__steps">{t('deposit_bank_steps')}</p> : null}
      <dl className="dep-info__list">
        {entries.map(([key, value]) => {
          const label = INFO_KEYS[key] ? t(INFO_KEYS[key]) : humanise(key);
          const copyable = key !== 'note' && key !== 'bankName';
          return (
            <div className="dep-info__row" key={key} data-testid={`deposit-info-${key}`}>
              <dt>{label}</dt>
              <dd>
                <span className="dep-info__value">{value}</span>
                {copyable ? (
                  <CopyButton
                    value={value}
                    label={t('deposit_copy_label', { name: label })}
                    testId={`deposit-copy-${key}`}
                  />
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** A receipt image: PNG, JPEG or WebP of at most 1.5 MB, read into a data URL. */
function ReceiptInput({
  value,
  error,
  onChange,
  onError,
}: {
  value: string | null;
  error: string | null;
  onChange: (dataUrl: string | null) => void;
  onError: (message: FieldMessage | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const result = await readReceipt(file);
    if (inputRef.current) inputRef.current.value = '';
    if (result.error) {
      onError(result.error);
      return;
    }
    onError(null);
    onChange(result.dataUrl);
  };

  return (
    <div className={`dep-receipt${error ? ' dep-receipt--invalid' : ''}`}>
      <p className="dep-receipt__label" id={`${id}-label`}>
        {t('deposit_receipt')}
      </p>
      {value ? (
        <div className="dep-receipt__preview" data-testid="deposit-receipt-preview">
          <img src={value} alt={t('deposit_receipt')} />
          <label className="btn btn--outline btn--sm" htmlFor={id}>
            {t('deposit_receipt_change')}
          </label>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('deposit_receipt_remove')}
            data-testid="deposit-receipt-remove"
            onClick={() => onChange(null)}
          >
            <CloseIcon size={20} />
          </button>
        </div>
      ) : (
        <label className="dep-receipt__drop" htmlFor={id}>
          <span className="dep-receipt__icon">
            <DocIcon size={22} />
          </span>
          <span>
            <span className="dep-receipt__add">{t('deposit_receipt_add')}</span>
            <span className="dep-receipt__hint">{t('deposit_receipt_hint')}</span>
          </span>
        </label>
      )}
      <input
        ref={inputRef}
        id={id}
        className="visually-hidden"
        type="file"
        accept={RECEIPT_TYPES.join(',')}
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        data-testid="deposit-receipt"
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {error ? (
        <p className="field__error" role="alert" data-testid="field-error-receiptImage">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** After a bank transfer is submitted: waiting for approval, the order number, and the records. */
function Submitted({ order, symbol, onAgain }: { order: TDepositOrder; symbol: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="dep-done" data-testid="deposit-submitted" role="status">
      <span className="dep-done__badge" aria-hidden="true">
        <CheckIcon size={34} strokeWidth={2.6} />
      </span>
      <h2 className="dep-done__title">{t('deposit_done_title')}</h2>
      <p className="dep-done__body">{t('deposit_done_body', { amount: moneyText(order.creditAmount, symbol) })}</p>
      <div className="dep-done__order">
        <span className="dep-done__order-text">
          <span className="dep-done__order-label">{t('deposit_order_no')}</span>
          <span className="dep-done__order-no" data-testid="deposit-order-no">
            {order.orderNo}
          </span>
        </span>
        <CopyButton
          value={order.orderNo}
          label={t('deposit_copy_label', { name: t('deposit_order_no') })}
          testId="deposit-copy-order"
        />
      </div>
      <Link
        className="btn btn--primary btn--block btn--lg"
        to={WEB_ROUTES.depositRecords}
        data-testid="deposit-records-link"
      >
        {t('deposit_view_records')}
      </Link>
      <button type="button" className="btn btn--ghost" data-testid="deposit-again" onClick={onAgain}>
        {t('deposit_again')}
      </button>
    </section>
  );
}

/**
 * The deposit form of one channel: amount (preset chips, min/max hint, fee and what reaches the
 * wallet, the turnover note) and, for a bank transfer, the instructions, sender, reference and
 * receipt. Online channels go on to the gateway's page; a bank transfer ends in "waiting for approval".
 */
export function DepositForm({
  channel,
  turnoverMultiplierPercent,
  showPresets = true,
}: {
  channel: TDepositChannel;
  turnoverMultiplierPercent: number;
  showPresets?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const symbol = settings.currency.symbol;
  const messageText = useMessageText();
  const errorText = useErrorText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isBank = channel.kind === 'bank_transfer';
  const formId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const senderRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);

  const [amount, setAmount] = useState('');
  const [senderName, setSenderName] = useState('');
  const [senderReference, setSenderReference] = useState('');
  const [receipt, setReceipt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [submitted, setSubmitted] = useState<TDepositOrder | null>(null);

  const send = useCallback((body: TDepositRequest, key: string) => createDepositOrder(body, key), []);
  const submitOrder = useIdempotentSubmit(send);

  const minor = parseMoney(amount);
  const validAmount = minor !== null && minor > 0 ? minor : null;
  const fee = validAmount !== null ? depositFee(validAmount, channel) : null;
  const receive = validAmount !== null && fee !== null ? Math.max(0, validAmount - fee) : null;

  const check = (next: { amount?: string; senderName?: string; senderReference?: string } = {}): Errors => ({
    amount: validateAmount(next.amount ?? amount, channel, symbol),
    ...(isBank
      ? {
          senderName: validateSenderName(next.senderName ?? senderName),
          senderReference: validateReference(next.senderReference ?? senderReference),
        }
      : {}),
  });

  const onAmount = (value: string) => {
    const cleaned = cleanAmountInput(value);
    setAmount(cleaned);
    if (touched || errors.amount) setErrors((e) => ({ ...e, amount: validateAmount(cleaned, channel, symbol) }));
  };

  const showServerError = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const fromServer: Errors = {};
    for (const name of ['amount', 'senderName', 'senderReference', 'receiptImage'] as const) {
      if (fields[name]) fromServer[name] = { key: fields[name] as TextKey };
    }
    if (error instanceof ApiError && error.code === ERROR_CODES.amountOutOfRange)
      fromServer.amount = { key: 'in_amount_out_of_range' };
    if (Object.keys(fromServer).length > 0) {
      setErrors((e) => ({ ...e, ...fromServer }));
      if (fromServer.amount) amountRef.current?.focus();
      else if (fromServer.senderName) senderRef.current?.focus();
      else if (fromServer.senderReference) referenceRef.current?.focus();
      return;
    }
    if (error instanceof ApiError && error.code === ERROR_CODES.trialRefused) {
      void toast.show(t('free_reject'), { durationMs: TIMING_MS.toastLong, kind: 'error' });
      return;
    }
    if (error instanceof ApiError && error.code === ERROR_CODES.channelUnavailable) {
      void refreshDepositChannels(queryClient);
    }
    void toast.show(errorText(error), { kind: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const next = check();
    setErrors((e) => ({ ...next, receiptImage: e.receiptImage ?? null }));
    if (next.amount) {
      amountRef.current?.focus();
      return;
    }
    if (next.senderName || next.senderReference) {
      (next.senderName ? senderRef : referenceRef).current?.focus();
      return;
    }
    const body: TDepositRequest = {
      channelId: channel.id,
      amount: validAmount!,
      ...(isBank
        ? {
            senderName: senderName.trim(),
            senderReference: senderReference.trim(),
            ...(receipt ? { receiptImage: receipt } : {}),
          }
        : {}),
    };
    setSubmitting(true);
    try {
      const order = await submitOrder(body);
      if (isBank) {
        setSubmitted(order);
      } else if (order.paymentUrl) {
        setRedirecting(true);
        paymentPage.open(order.paymentUrl);
      } else {
        void navigate(`${WEB_ROUTES.depositRecords}?order=${encodeURIComponent(order.orderNo)}`);
      }
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (submitted) {
    return (
      <Submitted
        order={submitted}
        symbol={symbol}
        onAgain={() => {
          setSubmitted(null);
          setAmount('');
          setSenderName('');
          setSenderReference('');
          setReceipt(null);
          setErrors({});
          setTouched(false);
        }}
      />
    );
  }

  const multiple = turnoverMultiple(turnoverMultiplierPercent);
  const busy = submitting || redirecting;
  return (
    <form
      id={formId}
      className="dep-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="deposit-form"
      aria-busy={busy}
    >
      {isBank || Object.keys(channel.instructions).length > 0 ? <Instructions channel={channel} /> : null}

      <Field
        name="amount"
        label={t('deposit_amount')}
        value={amount}
        onValueChange={onAmount}
        onBlur={() => {
          if (amount) setErrors((e) => ({ ...e, amount: validateAmount(amount, channel, symbol) }));
        }}
        error={messageText(errors.amount)}
        testId="deposit-amount"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        maxLength={16}
        inputRef={amountRef}
        icon={
          <span className="dep-form__symbol" aria-hidden="true">
            {symbol}
          </span>
        }
        {...(errors.amount ? {} : { 'aria-describedby': `deposit-limits-${channel.id}` })}
      />
      <p className="dep-form__limits" id={`deposit-limits-${channel.id}`} data-testid="deposit-limits">
        {t('deposit_limits', { min: moneyText(channel.minAmount, symbol), max: moneyText(channel.maxAmount, symbol) })}
      </p>

      {showPresets && channel.presetAmounts.length > 0 ? (
        <div className="dep-chips" role="group" aria-label={t('deposit_presets')}>
          {channel.presetAmounts.map((preset) => {
            const selected = validAmount === preset;
            return (
              <button
                key={preset}
                type="button"
                className={`dep-chip${selected ? ' is-selected' : ''}`}
                aria-pressed={selected}
                data-testid={`deposit-preset-${preset}`}
                onClick={() => onAmount(amountInputOf(preset))}
              >
                {moneyText(preset, symbol)}
              </button>
            );
          })}
        </div>
      ) : null}

      <dl className="dep-summary" data-testid="deposit-summary">
        <div className="dep-summary__row">
          <dt>{t('deposit_fee')}</dt>
          <dd data-testid="deposit-fee">
            {!hasFee(channel) ? t('deposit_fee_none') : fee !== null ? moneyText(fee, symbol) : '—'}
          </dd>
        </div>
        <div className="dep-summary__row dep-summary__row--total">
          <dt>{t('deposit_receive')}</dt>
          <dd data-testid="deposit-receive">{receive !== null ? moneyText(receive, symbol) : '—'}</dd>
        </div>
      </dl>
      {turnoverMultiplierPercent > 0 ? (
        <p className="dep-note" data-testid="deposit-turnover">
          {validAmount !== null
            ? t('deposit_turnover_note_amount', {
                amount: moneyText(requiredTurnover(validAmount, turnoverMultiplierPercent), symbol),
                multiple,
              })
            : t('deposit_turnover_note', { multiple })}
        </p>
      ) : null}

      {isBank ? (
        <>
          <Field
            name="senderName"
            label={t('deposit_sender_name')}
            value={senderName}
            testId="deposit-sender-name"
            inputRef={senderRef}
            onValueChange={(v) => {
              setSenderName(v);
              if (errors.senderName) setErrors((e) => ({ ...e, senderName: validateSenderName(v) }));
            }}
            error={messageText(errors.senderName)}
            autoComplete="name"
            maxLength={128}
          />
          <Field
            name="senderReference"
            label={t('deposit_sender_reference')}
            value={senderReference}
            testId="deposit-sender-reference"
            inputRef={referenceRef}
            onValueChange={(v) => {
              setSenderReference(v);
              if (errors.senderReference) setErrors((e) => ({ ...e, senderReference: validateReference(v) }));
            }}
            error={messageText(errors.senderReference)}
            autoComplete="off"
            maxLength={128}
          />
          <ReceiptInput
            value={receipt}
            error={messageText(errors.receiptImage)}
            onChange={(value) => {
              setReceipt(value);
              setErrors((e) => ({ ...e, receiptImage: null }));
            }}
            onError={(message) => setErrors((e) => ({ ...e, receiptImage: message }))}
          />
        </>
      ) : null}

      <PrimaryAction>
        <button
          type="submit"
          form={formId}
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="deposit-submit"
          disabled={busy}
        >
          {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {redirecting
            ? t('deposit_redirecting')
            : submitting
              ? t('deposit_submitting')
              : isBank
                ? t('deposit_submit_transfer')
                : t('deposit_submit')}
        </button>
      </PrimaryAction>
    </form>
  );
}
