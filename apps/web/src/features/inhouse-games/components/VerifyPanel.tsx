import { useId, useState, type FormEvent } from 'react';
import { SERVER_SEED_PATTERN, type TInhouseRoundDetail } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { BackIcon, CheckIcon, CloseIcon } from '../../../shared/ui/icons';
import { useRound, useVerification } from '../api/rounds';
import type { Verification, VerifyInput } from '../lib/verify';
import { SymbolPicture } from './RulesPanel';
import { MinesMiniField } from '../mines/MinesMiniField';

function seedsOf(detail: TInhouseRoundDetail): VerifyInput {
  const seeds = (detail.slot ?? detail.mines)!.seeds;
  return { serverSeed: seeds.serverSeed ?? '', clientSeed: seeds.clientSeed, nonce: seeds.nonce };
}

function Result({ verification, detail }: { verification: Verification; detail: TInhouseRoundDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const value = (name: string, text: string) => (name === 'payout' ? money(Number(text)) : text);
  return (
    <section
      className={`ig-verdict ig-verdict--${verification.ok ? 'ok' : 'bad'}`}
      data-testid="verify-result"
      data-ok={verification.ok}
      aria-live="polite"
    >
      <p className="ig-verdict__title">
        {verification.ok ? <CheckIcon size={26} /> : <CloseIcon size={26} />}
        <span>{verification.ok ? t('ig_verify_match') : t('ig_verify_mismatch')}</span>
      </p>
      <ul className="ig-checks">
        {verification.checks.map((check) => (
          <li
            key={check.name}
            className={`ig-check ig-check--${check.ok ? 'ok' : 'bad'}`}
            data-testid={`verify-check-${check.name}`}
            data-ok={check.ok}
          >
            <span className="ig-check__mark" aria-hidden="true">
              {check.ok ? '✓' : '✗'}
            </span>
            <span className="ig-check__name">{t(`ig_verify_check_${check.name}`)}</span>
            <span className="visually-hidden">{check.ok ? t('ig_verify_ok') : t('ig_verify_bad')}</span>
            <span className="ig-check__values">
              <span>
                {t('ig_verify_stored')}: <code>{value(check.name, check.expected)}</code>
              </span>
              <span>
                {t('ig_verify_computed')}: <code>{value(check.name, check.computed)}</code>
              </span>
            </span>
          </li>
        ))}
      </ul>
      {verification.slot ? (
        <div className="ig-verify-grid" aria-label={t('ig_verify_recomputed_reels')} role="img">
          {verification.slot.base.grid.map((column, reel) => (
            <div key={reel} className="ig-verify-grid__reel">
              {column.map((symbol, row) => (
                <SymbolPicture key={row} symbol={symbol} size={40} />
              ))}
            </div>
          ))}
        </div>
      ) : null}
      {verification.slot && verification.slot.freeSpins.length > 0 ? (
        <p className="ig-field__hint">{t('ig_verify_free_spins', { count: verification.slot.freeSpins.length })}</p>
      ) : null}
      {verification.mineCells && detail.mines ? (
        <MinesMiniField
          mines={verification.mineCells}
          revealed={detail.mines.revealed}
          label={t('ig_verify_recomputed_field')}
        />
      ) : null}
    </section>
  );
}

/**
 * Recomputes a past round in this browser: the seeds arrive filled in from the round (the server
 * seed once revealed, verified at once) and may be changed to see that anything else gives
 * another outcome.
 */
function VerifyForm({ detail, roundId }: { detail: TInhouseRoundDetail; roundId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const [input, setInput] = useState<VerifyInput>(() => seedsOf(detail));
  // Verified at once when the round's server seed is revealed; later the player's taps verify.
  const [submitted, setSubmitted] = useState<VerifyInput | null>(() => {
    const seeds = seedsOf(detail);
    return SERVER_SEED_PATTERN.test(seeds.serverSeed) ? seeds : null;
  });
  const verification = useVerification(detail, roundId, submitted);
  const round = (detail.slot ?? detail.mines)!;
  const seedReady = SERVER_SEED_PATTERN.test(input.serverSeed.trim());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (seedReady) setSubmitted({ ...input, serverSeed: input.serverSeed.trim(), clientSeed: input.clientSeed.trim() });
  };

  return (
    <>
      <dl className="ig-verify__facts">
        <div>
          <dt>{t('ig_verify_round')}</dt>
          <dd>{round.roundId}</dd>
        </div>
        <div>
          <dt>{t('ig_bet')}</dt>
          <dd>{money(round.bet)}</dd>
        </div>
        <div>
          <dt>{t('ig_win')}</dt>
          <dd>{money(detail.slot ? detail.slot.win : detail.mines!.payout)}</dd>
        </div>
      </dl>
      {round.seeds.serverSeed ? null : (
        <p className="ig-notice ig-notice--info" data-testid="verify-hidden">
          {t('ig_verify_not_revealed')}
        </p>
      )}
      <form className="ig-verify__form" onSubmit={onSubmit} noValidate>
        <div className="ig-field">
          <label htmlFor={`${id}-server`}>{t('ig_fair_server_seed')}</label>
          <input
            id={`${id}-server`}
            data-testid="verify-server-seed"
            value={input.serverSeed}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby={`${id}-hash`}
            onChange={(event) => setInput({ ...input, serverSeed: event.target.value })}
          />
          <p className="ig-field__hint ig-field__hint--mono" id={`${id}-hash`}>
            {t('ig_verify_hash_is', { hash: round.seeds.serverSeedHash })}
          </p>
        </div>
        <div className="ig-field">
          <label htmlFor={`${id}-client`}>{t('ig_fair_client_seed')}</label>
          <input
            id={`${id}-client`}
            data-testid="verify-client-seed"
            value={input.clientSeed}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => setInput({ ...input, clientSeed: event.target.value })}
          />
        </div>
        <div className="ig-field">
          <label htmlFor={`${id}-nonce`}>{t('ig_verify_nonce')}</label>
          <input
            id={`${id}-nonce`}
            data-testid="verify-nonce"
            inputMode="numeric"
            value={String(input.nonce)}
            onChange={(event) =>
              setInput({ ...input, nonce: Number(event.target.value.replace(/\D/g, '').slice(0, 9) || 0) })
            }
          />
        </div>
        <button type="submit" className="btn btn--primary btn--block" data-testid="verify-run" disabled={!seedReady}>
          {t('ig_verify_run')}
        </button>
      </form>
      {verification.isError ? (
        <p className="ig-notice" role="alert">
          {t('ig_verify_failed')}
        </p>
      ) : null}
      {verification.data ? <Result verification={verification.data} detail={detail} /> : null}
    </>
  );
}

/** One round's verification, opened from my rounds. */
export function VerifyPanel({
  sessionToken,
  roundId,
  onBack,
}: {
  sessionToken: string;
  roundId: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const query = useRound(sessionToken, roundId);
  return (
    <div className="ig-verify" data-testid="verify-panel">
      <button
        type="button"
        className="btn btn--sm btn--ghost ig-verify__back"
        data-testid="verify-back"
        onClick={onBack}
      >
        <BackIcon size={18} />
        {t('ig_my_rounds')}
      </button>
      {query.isPending ? (
        <div data-testid="verify-loading" aria-busy="true">
          <Skeleton height={220} radius={14} />
        </div>
      ) : null}
      {query.isError ? (
        <ErrorState compact error={query.error} onRetry={() => void query.refetch()} testId="verify-error" />
      ) : null}
      {query.data ? <VerifyForm key={roundId} detail={query.data} roundId={roundId} /> : null}
    </div>
  );
}
