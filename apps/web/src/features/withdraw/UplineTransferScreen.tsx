import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, Navigate } from '../../shared/router';
import { useQueryClient } from '../../shared/query/react';
import { MEMBER_TYPES, ERROR_CODES, WEB_ROUTES, formatMoney } from '@palaro/contract';
import { ApiError } from '../../shared/api/client';
import { useSessionInfo } from '../../shared/session/session';
import { useMemberInfo } from '../../shared/session/api';
import { useSettings } from '../../shared/startup/context';
import { Field, PasswordField, keepFieldFocusOnPress } from '../../shared/ui/form';
import { PrimaryAction } from '../../shared/ui/PrimaryAction';
import { useConfirm, useToast } from '../../shared/ui/feedback';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { StateView } from '../../shared/ui/StateView';
import { Skeleton } from '../../shared/ui/Skeleton';
import { ShieldArt } from '../../shared/ui/illustrations';
import { CheckIcon } from '../../shared/ui/icons';
import { KeyIcon, TransferIcon } from '../../shared/ui/accountIcons';
import { useMoney } from '../../shared/lib/money';
import {
  afterUplineTransfer,
  submitUplineTransfer,
  useUplineInfo,
  type UplineTransferInfo,
  type UplineTransferResult,
} from './api/upline';
import { useIdempotentSubmit } from '../../shared/api/idempotency';
import { checkTypedAmount, validatePaymentPassword, type CheckedAmount, type Message } from './lib/rules';
import { useText } from './lib/useText';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import '../../shared/ui/page.css';
import './withdraw.css';

function validateTransferAmount(typed: string, info: UplineTransferInfo): CheckedAmount {
  const checked = checkTypedAmount(typed, info);
  if (checked.minor !== null && !checked.error && checked.minor > info.balance)
    return { minor: checked.minor, error: { key: 'wd_err_insufficient' } };
  return checked;
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <StateView
      testId="transfer-not-allowed"
      role="alert"
      art={<ShieldArt />}
      title={t('tr_not_allowed_title')}
      body={<p>{t('tr_not_allowed')}</p>}
      actions={
        <Link className="btn btn--primary" to={WEB_ROUTES.mine}>
          {t('tr_back_member')}
        </Link>
      }
    />
  );
}

function TransferForm({ info }: { info: UplineTransferInfo }) {
  const { t } = useTranslation();
  const text = useText();
  const money = useMoney();
  const symbol = useSettings().currency.symbol;
  const toast = useToast();
  const confirm = useConfirm();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const send = useIdempotentSubmit(submitUplineTransfer);
  const formId = useId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: Message | null; paymentPassword?: Message | null }>({});
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<UplineTransferResult | null>(null);
  const [refused, setRefused] = useState(false);

  if (refused) return <NotAllowed />;
  if (result) {
    return (
      <div className="acc-page">
        <section className="acc-card wd-result" data-testid="transfer-result" role="status">
          <span className="wd-result__icon">
            <CheckIcon size={30} strokeWidth={3} />
          </span>
          <h2 className="wd-result__title">{t('tr_result_title', { upline: info.upline })}</h2>
          <p className="wd-result__amount">{money(result.amount)}</p>
          <dl className="wd-result__facts">
            <div>
              <dt>{t('rec_reference')}</dt>
              <dd data-testid="transfer-reference">{result.reference}</dd>
            </div>
            <div>
              <dt>{t('tr_balance_after')}</dt>
              <dd>{money(result.balance)}</dd>
            </div>
          </dl>
          <Link
            className="btn btn--primary btn--block btn--lg"
            to={`${WEB_ROUTES.transactionRecord}?types=transfer_out`}
          >
            {t('tr_see_records')}
          </Link>
        </section>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateTransferAmount(amount, info);
    const next = { amount: checked.error, paymentPassword: validatePaymentPassword(password) };
    setErrors(next);
    if (next.amount || next.paymentPassword || checked.minor === null) return;
    const ok = await confirm({
      title: t('tr_confirm_title'),
      message: t('tr_confirm', { amount: money(checked.minor), upline: info.upline }),
      okText: t('tr_submit'),
    });
    if (!ok) return;
    const request = { amount: checked.minor, paymentPassword: password };
    setSubmitting(true);
    try {
      const answer = await send(request);
      afterUplineTransfer(queryClient);
      setResult(answer);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (code === ERROR_CODES.paymentPasswordInvalid) {
        setErrors({ paymentPassword: { key: 'wd_err_password' } });
        setPassword('');
      } else if (code === ERROR_CODES.insufficientBalance) setErrors({ amount: { key: 'wd_err_insufficient' } });
      else if (code === ERROR_CODES.amountOutOfRange) setErrors({ amount: { key: 'wd_err_range' } });
      else if (code === ERROR_CODES.transferNotAllowed || code === ERROR_CODES.forbidden) setRefused(true);
      else void toast.show(errorText(error), { kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      id={formId}
      className="acc-page wd-page"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="transfer-screen"
    >
      <section className="wd-balance">
        <span className="wd-balance__label">{t('wd_balance')}</span>
        <strong className="wd-balance__value" data-testid="transfer-balance">
          {money(info.balance)}
        </strong>
        <dl className="wd-limits">
          <div>
            <dt>{t('tr_upline')}</dt>
            <dd data-testid="transfer-upline">
              <TransferIcon size={14} /> {info.upline}
            </dd>
          </div>
          <div>
            <dt>{t('wd_limits')}</dt>
            <dd>
              {money(info.minAmount)} – {money(info.maxAmount)}
            </dd>
          </div>
        </dl>
      </section>
      <section className="acc-card auth-form">
        <h2 className="acc-card__title">{t('tr_title_form')}</h2>
        <p className="acc-card__intro">{t('tr_intro', { upline: info.upline })}</p>
        <Field
          name="amount"
          label={t('wd_amount')}
          value={amount}
          onValueChange={(v) => setAmount(v.replace(/[^\d.,]/g, ''))}
          error={text(errors.amount)}
          testId="transfer-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          leading={
            <span className="wd-currency" aria-hidden="true">
              {symbol}
            </span>
          }
          trailing={
            <button
              type="button"
              className="field__action"
              data-testid="transfer-all"
              disabled={info.balance <= 0}
              onClick={() => setAmount(formatMoney(Math.min(info.balance, info.maxAmount), { grouping: false }))}
            >
              {t('wd_all')}
            </button>
          }
        />
        <PasswordField
          name="paymentPassword"
          label={t('acc_payment_password')}
          hint={t('acc_payment_password_hint')}
          value={password}
          onValueChange={setPassword}
          error={text(errors.paymentPassword)}
          icon={<KeyIcon size={20} />}
          testId="transfer-password"
          inputMode="numeric"
          maxLength={6}
          digitsOnly
          autoComplete="off"
        />
      </section>
      <PrimaryAction>
        <button
          type="submit"
          form={formId}
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="transfer-submit"
          disabled={submitting}
        >
          {t('tr_submit')}
        </button>
      </PrimaryAction>
    </form>
  );
}

/** /m/upLine/transfer: move money to the upline agent; only members with toUpline whose type is not 2. */
export default function UplineTransferScreen() {
  const session = useSessionInfo();
  const member = useMemberInfo().data;
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const allowed = member ? member.toUpline && member.type !== MEMBER_TYPES.agentOnly : true;
  const query = useUplineInfo(!!session && !isTrial && allowed);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial) return <TrialRefused />;
  if (!allowed) return <NotAllowed />;
  if (query.isPending)
    return (
      <div className="acc-page" aria-busy="true">
        <Skeleton height={130} radius={20} />
        <Skeleton height={240} radius={20} />
      </div>
    );
  if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.code : '';
    if (code === ERROR_CODES.transferNotAllowed || code === ERROR_CODES.forbidden) return <NotAllowed />;
    return <ErrorState testId="transfer-error" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <TransferForm info={query.data} />;
}
