import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '../../../shared/query/react';
import { CLIENT_SEED_PATTERN, type TInhouseSession, type TSeedRotation } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { useRotateSeed, useSetClientSeed } from '../api/fairness';
import { afterRound } from '../api/rounds';
import { updateGameSession } from '../api/session';
import { playSound } from '../lib/sound';

function SeedValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="ig-seed">
      <dt>{label}</dt>
      <dd>
        <code className="ig-seed__value" data-testid={testId}>
          {value}
        </code>
      </dd>
    </div>
  );
}

/**
 * Provable fairness: the hash the server committed to for the next rounds, the player's client
 * seed (theirs to change), the next nonce, and rotation, which reveals the seed in use so every
 * round played with it can be recomputed (my rounds → verify).
 */
export function FairnessPanel({
  session,
  launchToken,
  locked,
  onShowRounds,
}: {
  session: TInhouseSession;
  launchToken: string;
  locked: boolean;
  onShowRounds: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const queryClient = useQueryClient();
  const { fairness } = session;
  const [clientSeed, setClientSeedInput] = useState(fairness.clientSeed);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [rotation, setRotation] = useState<TSeedRotation['revealed'] | null>(null);
  const saveSeed = useSetClientSeed(session.sessionToken);
  const rotate = useRotateSeed(session.sessionToken);
  const trimmed = clientSeed.trim();
  const seedValid = CLIENT_SEED_PATTERN.test(trimmed);
  const changed = trimmed !== fairness.clientSeed;
  const busy = saveSeed.isPending || rotate.isPending;
  const revealed = rotation ?? fairness.previous;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!seedValid || !changed || locked) return;
    setMessage(null);
    try {
      const next = await saveSeed.mutateAsync(trimmed);
      updateGameSession(queryClient, launchToken, { fairness: next });
      setMessage({ kind: 'ok', text: t('ig_fair_seed_saved') });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    }
  };

  const onRotate = async () => {
    if (locked || (changed && !seedValid)) return;
    setMessage(null);
    try {
      const answer = await rotate.mutateAsync(changed ? trimmed : undefined);
      playSound('gem');
      updateGameSession(queryClient, launchToken, { fairness: answer.fairness });
      void afterRound(queryClient, session.sessionToken);
      setRotation(answer.revealed);
      setClientSeedInput(answer.fairness.clientSeed);
      setMessage({ kind: 'ok', text: t('ig_fair_rotated', { count: answer.revealed.roundCount }) });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <div className="ig-fair" data-testid="fairness-panel">
      <p className="ig-rules__lead">{t('ig_fair_lead')}</p>
      <dl className="ig-seeds">
        <SeedValue label={t('ig_fair_server_hash')} value={fairness.serverSeedHash} testId="fair-server-hash" />
        <SeedValue label={t('ig_fair_next_nonce')} value={String(fairness.nextNonce)} testId="fair-nonce" />
      </dl>
      <form className="ig-field" onSubmit={(event) => void onSave(event)} noValidate>
        <label htmlFor={`${id}-seed`}>{t('ig_fair_client_seed')}</label>
        <div className="ig-field__row">
          <input
            id={`${id}-seed`}
            data-testid="fair-client-seed"
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={!seedValid || undefined}
            aria-describedby={`${id}-seed-hint`}
            onChange={(event) => setClientSeedInput(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn--sm btn--outline"
            data-testid="fair-save-seed"
            disabled={!seedValid || !changed || busy || locked}
          >
            {t('ig_fair_save')}
          </button>
        </div>
        <p className={`ig-field__hint${seedValid ? '' : ' ig-field__hint--error'}`} id={`${id}-seed-hint`}>
          {seedValid ? t('ig_fair_client_hint') : t('ig_fair_client_invalid')}
        </p>
      </form>
      <button
        type="button"
        className="btn btn--primary btn--block"
        data-testid="fair-rotate"
        disabled={busy || locked || (changed && !seedValid)}
        onClick={() => void onRotate()}
      >
        {rotate.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
        {t('ig_fair_rotate')}
      </button>
      <p className="ig-field__hint">{locked ? t('ig_fair_locked') : t('ig_fair_rotate_hint')}</p>
      {message ? (
        <p
          className={`ig-fair__message ig-fair__message--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="fair-message"
        >
          {message.text}
        </p>
      ) : null}
      {revealed ? (
        <section className="ig-revealed" data-testid="fair-revealed" aria-labelledby={`${id}-revealed`}>
          <h3 className="ig-rules__heading" id={`${id}-revealed`}>
            {t('ig_fair_previous')}
          </h3>
          <dl className="ig-seeds">
            <SeedValue label={t('ig_fair_server_seed')} value={revealed.serverSeed} testId="fair-revealed-seed" />
            <SeedValue label={t('ig_fair_server_hash')} value={revealed.serverSeedHash} testId="fair-revealed-hash" />
            <SeedValue label={t('ig_fair_client_seed')} value={revealed.clientSeed} testId="fair-revealed-client" />
            <SeedValue label={t('ig_fair_rounds')} value={String(revealed.roundCount)} testId="fair-revealed-count" />
          </dl>
          <button
            type="button"
            className="btn btn--outline btn--block"
            data-testid="fair-show-rounds"
            onClick={onShowRounds}
          >
            {t('ig_fair_verify_rounds')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
