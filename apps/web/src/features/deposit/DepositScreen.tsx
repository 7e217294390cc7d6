import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { Link, Navigate } from '../../shared/router';
import { MEMBER_TYPES, ERROR_CODES, WEB_ROUTES, type TDepositChannel } from '@palaro/contract';
import { useSettings } from '../../shared/startup/context';
import { ApiError } from '../../shared/api/client';
import { useSessionInfo } from '../../shared/session/session';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Modal } from '../../shared/ui/Modal';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { ChevronRightIcon, WalletIcon } from '../../shared/ui/icons';
import { useDepositChannels, type DepositChannels } from './api/channels';
import { BalanceAmount } from '../../shared/wallet/BalanceAmount';
import { moneyText } from '../../shared/lib/money';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { ChannelMark } from './components/ChannelMark';
import { DepositForm } from './components/DepositForm';
import '../../shared/ui/page.css';
import './deposit.css';

/** spec §1 "deposit page new or base": mobileTemplate.dep_func '1' is the new page. */
export function isNewDepositPage(depFunc: string | undefined): boolean {
  return depFunc === '1';
}

function BalanceStrip() {
  const { t } = useTranslation();
  return (
    <div className="dep-balance" data-testid="deposit-balance">
      <span className="dep-balance__icon" aria-hidden="true">
        <WalletIcon size={20} />
      </span>
      <span className="dep-balance__label">{t('wallet_balance')}</span>
      <BalanceAmount className="dep-balance__amount" testId="deposit-balance-amount" />
    </div>
  );
}

function ChannelRange({ channel }: { channel: TDepositChannel }) {
  const { t } = useTranslation();
  const symbol = useSettings().currency.symbol;
  return (
    <>{t('deposit_range', { min: moneyText(channel.minAmount, symbol), max: moneyText(channel.maxAmount, symbol) })}</>
  );
}

/** The new page: channel tiles, and the chosen channel's form under them. */
function NewDepositPage({ data }: { data: DepositChannels }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(data.list[0]!.id);
  const selected = data.list.find((channel) => channel.id === selectedId) ?? data.list[0]!;
  return (
    <div className="dep-page" data-testid="deposit-new">
      <BalanceStrip />
      <section aria-labelledby="dep-channels-title" className="dep-section">
        <h2 className="dep-section__title" id="dep-channels-title">
          {t('deposit_channels')}
        </h2>
        <div className="dep-tiles" role="radiogroup" aria-labelledby="dep-channels-title">
          {data.list.map((channel) => {
            const active = channel.id === selected.id;
            return (
              <button
                key={channel.id}
                type="button"
                role="radio"
                aria-checked={active}
                className={`dep-tile${active ? ' is-active' : ''}`}
                data-testid={`deposit-channel-${channel.id}`}
                onClick={() => setSelectedId(channel.id)}
              >
                <ChannelMark method={channel.method} size={38} />
                <span className="dep-tile__name">{channel.name || t(`deposit_method_${channel.method}`)}</span>
                <span className="dep-tile__range">
                  <ChannelRange channel={channel} />
                </span>
              </button>
            );
          })}
        </div>
      </section>
      <section className="dep-card" aria-label={selected.name}>
        <div className="dep-card__head">
          <ChannelMark method={selected.method} size={30} />
          <div>
            <p className="dep-card__name" data-testid="deposit-selected-name">
              {selected.name || t(`deposit_method_${selected.method}`)}
            </p>
            <p className="dep-card__kind">
              {selected.kind === 'bank_transfer' ? t('deposit_kind_bank_transfer') : t('deposit_kind_online')}
            </p>
          </div>
        </div>
        <DepositForm key={selected.id} channel={selected} turnoverMultiplierPercent={data.turnoverMultiplierPercent} />
      </section>
    </div>
  );
}

/** The base page: a plain list of channels; choosing one opens its form in a sheet. */
function BaseDepositPage({ data }: { data: DepositChannels }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TDepositChannel | null>(null);
  return (
    <div className="dep-page" data-testid="deposit-base">
      <BalanceStrip />
      <h2 className="dep-section__title">{t('deposit_channels')}</h2>
      <ul className="acc-list">
        {data.list.map((channel) => (
          <li key={channel.id}>
            <button
              type="button"
              className="acc-list__item dep-row"
              data-testid={`deposit-channel-${channel.id}`}
              onClick={() => setOpen(channel)}
            >
              <ChannelMark method={channel.method} size={34} />
              <span className="acc-list__label">
                {channel.name || t(`deposit_method_${channel.method}`)}
                <span className="dep-row__range">
                  <ChannelRange channel={channel} />
                </span>
              </span>
              <ChevronRightIcon size={18} className="acc-list__chev" />
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Modal
          title={open.name || t(`deposit_method_${open.method}`)}
          onClose={() => setOpen(null)}
          testId="deposit-sheet"
        >
          <DepositForm channel={open} turnoverMultiplierPercent={data.turnoverMultiplierPercent} showPresets={false} />
        </Modal>
      ) : null}
    </div>
  );
}

function DepositSkeleton() {
  return (
    <div className="dep-page" aria-busy="true" data-testid="deposit-loading">
      <Skeleton height={48} radius={14} />
      <Skeleton width={140} height={18} />
      <div className="dep-tiles">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={104} radius={16} />
        ))}
      </div>
      <Skeleton height={260} radius={20} />
    </div>
  );
}

/** /m/voucherCenter: the deposit entry, new or base page by the merchant's mobileTemplate.dep_func. */
export default function DepositScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const settings = useSettings();
  const isTrial = session?.type === MEMBER_TYPES.trial;
  const query = useDepositChannels(session?.userName ?? '', session !== null && !isTrial);

  if (!session) return <Navigate to={WEB_ROUTES.login} replace />;
  if (isTrial || (query.error instanceof ApiError && query.error.code === ERROR_CODES.trialRefused))
    return <TrialRefused />;
  if (query.isPending) return <DepositSkeleton />;
  if (query.isError) {
    return (
      <div className="dep-page">
        <ErrorState testId="deposit-error" error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data.list.length === 0) {
    return (
      <div className="dep-page">
        <StateView
          testId="deposit-empty"
          art={<EmptyInboxArt />}
          title={t('deposit_empty_title')}
          body={<p>{t('deposit_empty_body')}</p>}
          actions={
            <Link className="btn btn--outline" to={WEB_ROUTES.home}>
              {t('go_home')}
            </Link>
          }
        />
      </div>
    );
  }
  return isNewDepositPage(settings.mobileTemplate.dep_func) ? (
    <NewDepositPage data={query.data} />
  ) : (
    <BaseDepositPage data={query.data} />
  );
}
