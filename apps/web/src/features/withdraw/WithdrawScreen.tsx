import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, Navigate } from '../../shared/router';
import { useQueryClient } from '../../shared/query/react';
import { MEMBER_TYPES, WEB_ROUTES, formatMoney, type TWithdrawal, type TWithdrawInfo } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { invalidateMemberInfo } from '../../shared/session/api';
import { Field, PasswordField, keepFieldFocusOnPress } from '../../shared/ui/form';
import { PrimaryAction } from '../../shared/ui/PrimaryAction';
import { useToast } from '../../shared/ui/feedback';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { Skeleton } from '../../shared/ui/Skeleton';
import { CheckIcon } from '../../shared/ui/icons';
import { KeyIcon } from '../../shared/ui/accountIcons';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { useMoney } from '../../shared/lib/money';
import { afterWithdrawal, refreshTurnover, submitWithdrawal, useTurnover, useWithdrawInfo } from './api/withdrawals';
import { useIdempotentSubmit } from '../../shared/api/idempotency';
import {
  availableHint,
  validatePaymentPassword,
  validateWithdrawAmount,
  withdrawErrorMessage,
  withdrawVerdict,
  type Message,
} from './lib/rules';
import { useText } from './lib/useText';
import { ADD_PAYOUT_PARAM, PayoutAccountLine } from './components/PayoutAccounts';
import { TurnoverTracker } from './components/TurnoverTracker';
import '../../shared/ui/page.css';
import './withdraw.css';

const SECURITY_ADD = `${WEB_ROUTES.securityCenter}?${ADD_PAYOUT_PARAM}=add`;

function Result({ order }: { order: TWithdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="acc-page">
      <section className="acc-card wd-result" data-testid="withdraw-result" role="status">
        <span className="wd-result__icon">
          <CheckIcon size={30} strokeWidth={3} />
        </span>
        <h2 className="wd-result__title">{t('wd_result_title')}</h2>
        <p className="wd-result__amount">{money(order.amount)}</p>
        <p className="acc-card__intro">{t('wd_result_body')}</p>
        <dl className="wd-result__facts">
          <div>
            <dt>{t('rep_order_no')}</dt>
            <dd data-testid="withdraw-order-no">{order.orderNo}</dd>
          </div>
          <div>
            <dt>{t('wd_result_to')}</dt>
            <dd>
              {order.payoutName} · <span className="masked-number">{order.payoutNumber}</span>
            </dd>
          </div>
          <div>
            <dt>{t('rep_status_label')}</dt>
            <dd>
              <span className="rep-badge rep-badge--warn">{t('rep_status_pending_approval')}</span>
            </dd>
          </div>
        </dl>
        <Link
          className="btn btn--primary btn--block btn--lg"
          to={WEB_ROUTES.withdrawReport}
          data-testid="withdraw-report-link"
        >
          {t('wd_result_report')}
        </Link>
        <Link className="btn btn--ghost btn--block" to={WEB_ROUTES.home}>
          {t('go_home')}
        </Link>
      </section>
    </div>
  );
}

function WithdrawForm({ info, onDone }: { info: TWithdrawInfo; onDone: (order: TWithdrawal) => void }) {
  const { t } = useTranslation();
  const text = useText();
  const money = useMoney();
  const symbol = useSettings().currency.symbol;
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const send = useIdempotentSubmit(submitWithdrawal);
  const formId = useId();
  const turnoverQuery = useTurnover();
  const [accountId, setAccountId] = useState<number | null>(info.payoutAccounts[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{
    amount?: Message | null;
    paymentPassword?: Message | null;
    form?: Message | null;
  }>({});
  const [submitting, setSubmitting] = useState(false);

  const turnover = turnoverQuery.data ?? {
    required: 0,
    done: 0,
    left: info.turnoverLeft,
    canWithdraw: info.turnoverLeft <= 0,
    items: [],
  };
  const verdict = withdrawVerdict(info, turnover);
  const noAccount = info.payoutAccounts.length === 0;
  const noPassword = !info.hasPaymentPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWithdrawAmount(amount, info);
    const next = {
      amount: checked.error,
      paymentPassword: validatePaymentPassword(password),
      form: accountId === null ? ({ key: 'wd_pick_account' } as Message) : null,
    };
    setErrors(next);
    if (next.amount || next.paymentPassword || next.form || checked.minor === null || accountId === null) return;
    const request = { amount: checked.minor, payoutAccountId: accountId, paymentPassword: password };
    setSubmitting(true);
    try {
      const order = await send(request);
      afterWithdrawal(queryClient);
      onDone(order);
    } catch (error) {
      const mapped = withdrawErrorMessage(error, {
        turnoverLeft: turnover.left || info.turnoverLeft,
        dailyCount: info.dailyCount,
      });
      if (mapped) {
        setErrors({ [mapped.field]: mapped.message });
        if (mapped.field === 'paymentPassword') setPassword('');
        if (mapped.field === 'form') void refreshTurnover(queryClient);
      } else {
        void toast.show(errorText(error), { kind: 'error' });
      }
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
      data-testid="withdraw-screen"
    >
      <section className="wd-balance" data-testid="withdraw-balance">
        <span className="wd-balance__label">{t('wd_balance')}</span>
        <strong className="wd-balance__value">{money(info.balance)}</strong>
        <dl className="wd-limits">
          <div>
            <dt>{t('wd_limits')}</dt>
            <dd data-testid="withdraw-limits">
              {money(info.minAmount)} – {money(info.maxAmount)}
            </dd>
          </div>
          <div>
            <dt>{t('wd_today_count')}</dt>
            <dd data-testid="withdraw-count">
              {t('wd_count_used', {
                used: info.usedCountToday,
                total: info.dailyCount,
                left: Math.max(0, info.dailyCount - info.usedCountToday),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('wd_today_amount')}</dt>
            <dd data-testid="withdraw-daily-amount">
              {t('wd_amount_used', {
                used: money(info.usedAmountToday),
                left: money(Math.max(0, info.dailyAmount - info.usedAmountToday)),
              })}
            </dd>
          </div>
        </dl>
      </section>

      {turnoverQuery.isPending ? (
        <Skeleton height={140} radius={20} />
      ) : (
        <TurnoverTracker turnover={turnover} verdict={text(verdict.message) ?? ''} ok={verdict.ok} />
      )}

      <section className="acc-card" aria-labelledby="wd-account-title">
        <h2 className="acc-card__title" id="wd-account-title">
          {t('wd_to_account')}
        </h2>
        {noAccount ? (
          <div className="wd-callout" data-testid="withdraw-no-account">
            <p>{t('wd_no_account')}</p>
            <Link className="btn btn--primary btn--sm" to={SECURITY_ADD} data-testid="withdraw-bind-account">
              {t('wd_bind_account')}
            </Link>
          </div>
        ) : (
          <div className="payout-pick" role="radiogroup" aria-label={t('wd_to_account')}>
            {info.payoutAccounts.map((account) => (
              <button
                key={account.id}
                type="button"
                role="radio"
                aria-checked={accountId === account.id}
                className={`payout-item payout-item--pick${accountId === account.id ? ' is-active' : ''}`}
                data-testid={`withdraw-account-${account.id}`}
                onClick={() => setAccountId(account.id)}
              >
                <PayoutAccountLine account={account} />
                <span className="payout-radio" aria-hidden="true" />
              </button>
            ))}
            <Link className="wd-manage" to={WEB_ROUTES.securityCenter}>
              {t('wd_manage_accounts')}
            </Link>
          </div>
        )}
      </section>

      <section className="acc-card auth-form" aria-labelledby="wd-amount-title">
        <h2 className="acc-card__title" id="wd-amount-title">
          {t('wd_amount_title')}
        </h2>
        <Field
          name="amount"
          label={t('wd_amount')}
          value={amount}
          onValueChange={(v) => setAmount(v.replace(/[^\d.,]/g, ''))}
          error={text(errors.amount)}
          testId="withdraw-amount"
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
              data-testid="withdraw-all"
              disabled={info.availableNow <= 0}
              onClick={() => setAmount(formatMoney(info.availableNow, { grouping: false }))}
            >
              {t('wd_all')}
            </button>
          }
        />
        <p className="auth-form__hint" data-testid="withdraw-available">
          {text(availableHint(info))}
        </p>
        {noPassword ? (
          <div className="wd-callout" data-testid="withdraw-no-password">
            <p>{t('wd_no_password')}</p>
            <Link className="btn btn--primary btn--sm" to={WEB_ROUTES.securityCenter}>
              {t('wd_set_password')}
            </Link>
          </div>
        ) : (
          <PasswordField
            name="paymentPassword"
            label={t('acc_payment_password')}
            hint={t('acc_payment_password_hint')}
            value={password}
            onValueChange={setPassword}
            error={text(errors.paymentPassword)}
            icon={<KeyIcon size={20} />}
            testId="withdraw-password"
            inputMode="numeric"
            maxLength={6}
            digitsOnly
            autoComplete="off"
          />
        )}
        {errors.form ? (
          <p className="wd-form-error" role="alert" data-testid="withdraw-form-error">
            {text(errors.form)}
          </p>
        ) : null}
        <Link className="wd-manage" to={WEB_ROUTES.withdrawReport}>
          {t('wd_see_report')}
        </Link>
      </section>
      <PrimaryAction>
        <button
          type="submit"
          form={formId}
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="withdraw-submit"
          disabled={submitting || noAccount || noPassword}
        >
          {submitting ? t('wd_submitting') : t('wd_submit')}
        </button>
      </PrimaryAction>
    </form>
  );
}

/** /m/withdraw: balance, limits, turnover tracker, payout account, amount and payment password. */
export default function WithdrawScreen() {
  const session = useSessionInfo();
  const queryClient = useQueryClient();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const query = useWithdrawInfo(!!session && !isTrial);
  const [done, setDone] = useState<TWithdrawal | null>(null);
  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial) return <TrialRefused />;
  if (done) return <Result order={done} />;
  if (query.isPending) {
    return (
      <div className="acc-page" aria-busy="true" data-testid="withdraw-loading">
        <Skeleton height={130} radius={20} />
        <Skeleton height={150} radius={20} />
        <Skeleton height={200} radius={20} />
      </div>
    );
  }
  if (query.isError) {
    if ((query.error as { code?: string }).code === 'auth.trial.refused') return <TrialRefused />;
    return (
      <ErrorState
        testId="withdraw-error"
        error={query.error}
        onRetry={() => {
          void invalidateMemberInfo(queryClient);
          void query.refetch();
        }}
      />
    );
  }
  return <WithdrawForm info={query.data} onDone={setDone} />;
}
