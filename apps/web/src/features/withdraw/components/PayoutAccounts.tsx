import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useSearchParams } from '../../../shared/router';
import { useQueryClient } from '../../../shared/query/react';
import { PAYOUT_KINDS, TIMING_MS, type PayoutKind, type TPayoutAccount } from '@palaro/contract';
import { fieldErrorsOf } from '../../../shared/api/client';
import { Field, PasswordField, keepFieldFocusOnPress } from '../../../shared/ui/form';
import { useConfirm, useToast } from '../../../shared/ui/feedback';
import { useErrorText, ErrorState } from '../../../shared/ui/ErrorState';
import { Modal } from '../../../shared/ui/Modal';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { UserIcon } from '../../../shared/ui/icons';
import { KeyIcon, PhoneIcon } from '../../../shared/ui/accountIcons';
import {
  addPayoutAccount,
  afterPayoutAccountsChanged,
  removePayoutAccount,
  usePayoutAccounts,
} from '../api/payoutAccounts';
import {
  validateBankName,
  validatePaymentPassword,
  validatePayoutName,
  validatePayoutNumber,
  type Message,
} from '../lib/rules';
import { useText } from '../lib/useText';
import { PayoutMark } from '../../../shared/ui/PayoutMark';
import '../withdraw.css';

export const PAYOUT_KIND_KEYS = {
  gcash: 'payout_kind_gcash',
  maya: 'payout_kind_maya',
  bank: 'payout_kind_bank',
} as const;
/** The security centre opens the add sheet at once with ?payout=add (the withdraw page's call to bind one). */
export const ADD_PAYOUT_PARAM = 'payout';

/** One payout account: its mark, name, and the masked number. */
export function PayoutAccountLine({ account }: { account: TPayoutAccount }) {
  const { t } = useTranslation();
  return (
    <>
      <PayoutMark kind={account.kind} />
      <span className="payout-line">
        <span className="payout-line__name">
          {account.kind === 'bank' ? (account.bankName ?? t(PAYOUT_KIND_KEYS.bank)) : t(PAYOUT_KIND_KEYS[account.kind])}
        </span>
        <span className="payout-line__meta">
          {account.accountName} ·{' '}
          <span className="masked-number" data-testid="payout-number">
            {account.accountNumber}
          </span>
        </span>
      </span>
    </>
  );
}

function AddSheet({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const text = useText();
  const errorText = useErrorText();
  const toast = useToast();
  const [kind, setKind] = useState<PayoutKind>('gcash');
  const [values, setValues] = useState({ bankName: '', accountName: '', accountNumber: '', paymentPassword: '' });
  const [errors, setErrors] = useState<Record<string, Message | string | null>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const show = (value: Message | string | null | undefined) =>
    typeof value === 'string' ? t(value as 'payout_add') : text(value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      bankName: validateBankName(kind, values.bankName),
      accountName: validatePayoutName(values.accountName),
      accountNumber: validatePayoutNumber(kind, values.accountNumber),
      paymentPassword: validatePaymentPassword(values.paymentPassword),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setSubmitting(true);
    try {
      await addPayoutAccount({
        kind,
        accountName: values.accountName.trim(),
        accountNumber: values.accountNumber.trim(),
        paymentPassword: values.paymentPassword,
        ...(kind === 'bank' ? { bankName: values.bankName.trim() } : {}),
      });
      void toast.show(t('payout_added'), { durationMs: TIMING_MS.toastMedium, kind: 'success' });
      onAdded();
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const code = (error as { code?: string }).code;
      if (code === 'wallet.payment.password.invalid') setErrors({ paymentPassword: { key: 'wd_err_password' } });
      else if (code === 'wallet.payment.password.unset') setErrors({ paymentPassword: { key: 'wd_no_password' } });
      else if (Object.keys(fields).length > 0) setErrors(fields);
      else void toast.show(errorText(error), { kind: 'error' });
      setValues((v) => ({ ...v, paymentPassword: '' }));
    } finally {
      setSubmitting(false);
    }
  };

  const wallet = kind !== 'bank';
  return (
    <Modal title={t('payout_add_title')} onClose={onClose} testId="payout-add-form">
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="payout-kinds" role="radiogroup" aria-label={t('payout_kind_label')}>
          {PAYOUT_KINDS.slice()
            .sort((a, b) => (a === 'bank' ? 1 : b === 'bank' ? -1 : 0))
            .map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={kind === option}
                className={`payout-kind${kind === option ? ' is-active' : ''}`}
                data-testid={`payout-kind-${option}`}
                onClick={() => {
                  setKind(option);
                  setErrors({});
                }}
              >
                <PayoutMark kind={option} size={28} />
                <span>{t(PAYOUT_KIND_KEYS[option])}</span>
              </button>
            ))}
        </div>
        {kind === 'bank' ? (
          <Field
            name="bankName"
            label={t('payout_bank_name')}
            value={values.bankName}
            onValueChange={set('bankName')}
            error={show(errors.bankName)}
            testId="payout-bank-name"
            maxLength={64}
            autoComplete="off"
          />
        ) : null}
        <Field
          name="accountName"
          label={t('payout_account_name')}
          value={values.accountName}
          onValueChange={set('accountName')}
          error={show(errors.accountName)}
          icon={<UserIcon size={20} />}
          testId="payout-account-name"
          maxLength={128}
          autoComplete="name"
        />
        <Field
          name="accountNumber"
          label={wallet ? t('payout_wallet_number') : t('payout_bank_number')}
          value={values.accountNumber}
          onValueChange={set('accountNumber')}
          error={show(errors.accountNumber)}
          icon={<PhoneIcon size={20} />}
          testId="payout-account-number"
          inputMode="numeric"
          digitsOnly
          maxLength={wallet ? 11 : 30}
          autoComplete="off"
        />
        {wallet ? <p className="auth-form__hint">{t('payout_wallet_hint')}</p> : null}
        <PasswordField
          name="paymentPassword"
          label={t('acc_payment_password')}
          hint={t('acc_payment_password_hint')}
          value={values.paymentPassword}
          onValueChange={set('paymentPassword')}
          error={show(errors.paymentPassword)}
          icon={<KeyIcon size={20} />}
          testId="payout-payment-password"
          inputMode="numeric"
          maxLength={6}
          digitsOnly
          autoComplete="off"
        />
        <button
          type="submit"
          {...keepFieldFocusOnPress}
          className="btn btn--primary btn--block btn--lg"
          data-testid="payout-add-submit"
          disabled={submitting}
        >
          {t('payout_add_submit')}
        </button>
      </form>
    </Modal>
  );
}

/** The security centre's payout accounts: list, add (needs the payment password), remove with confirm. */
export function PayoutAccountsSection({
  hasPaymentPassword,
  onSetPaymentPassword,
}: {
  hasPaymentPassword: boolean;
  onSetPaymentPassword: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [adding, setAdding] = useState(search.get(ADD_PAYOUT_PARAM) === 'add' && hasPaymentPassword);
  const query = usePayoutAccounts();
  const refresh = () => {
    afterPayoutAccountsChanged(queryClient);
  };
  const closeAdd = () => {
    setAdding(false);
    if (search.has(ADD_PAYOUT_PARAM)) {
      const next = new URLSearchParams(search);
      next.delete(ADD_PAYOUT_PARAM);
      setSearch(next, { replace: true });
    }
  };
  const remove = async (account: TPayoutAccount) => {
    const ok = await confirm({
      title: t('payout_remove_title'),
      message: t('payout_remove_confirm', { number: account.accountNumber }),
      okText: t('payout_remove'),
    });
    if (!ok) return;
    try {
      await removePayoutAccount(account.id);
      void toast.show(t('payout_removed'), { durationMs: TIMING_MS.toastMedium, kind: 'success' });
      refresh();
    } catch (error) {
      void toast.show(errorText(error), { kind: 'error' });
    }
  };
  const full = query.data ? query.data.list.length >= query.data.max : false;

  return (
    <section className="acc-card" aria-labelledby="payout-accounts" data-testid="payout-accounts">
      <div className="payout-head">
        <h2 className="acc-card__title" id="payout-accounts">
          {t('payout_title')}
        </h2>
        {query.data ? (
          <span className="payout-head__count">
            {t('payout_count', { n: query.data.list.length, max: query.data.max })}
          </span>
        ) : null}
      </div>
      <p className="acc-card__intro">{t('payout_intro')}</p>
      {query.isPending ? (
        <div className="payout-list" aria-busy="true">
          <Skeleton height={60} radius={12} />
        </div>
      ) : query.isError ? (
        <ErrorState compact testId="payout-accounts-error" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <p className="payout-empty" data-testid="payout-empty">
          {t('payout_empty')}
        </p>
      ) : (
        <ul className="payout-list">
          {query.data.list.map((account) => (
            <li key={account.id} className="payout-item" data-testid="payout-item">
              <PayoutAccountLine account={account} />
              <button
                type="button"
                className="payout-item__remove"
                data-testid={`payout-remove-${account.id}`}
                onClick={() => void remove(account)}
              >
                {t('payout_remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasPaymentPassword ? (
        <button
          type="button"
          className="btn btn--outline btn--block"
          data-testid="payout-add"
          disabled={!query.data || full}
          onClick={() => setAdding(true)}
        >
          {full ? t('payout_full') : `+ ${t('payout_add')}`}
        </button>
      ) : (
        <div className="payout-need">
          <p>{t('payout_need_password')}</p>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="payout-set-password"
            onClick={onSetPaymentPassword}
          >
            {t('wd_set_password')}
          </button>
        </div>
      )}
      {adding ? <AddSheet onClose={closeAdd} onAdded={refresh} /> : null}
    </section>
  );
}
