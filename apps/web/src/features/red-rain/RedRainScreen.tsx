import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_CODES, MEMBER_TYPES, WEB_ROUTES, type TRedRainEvent, type TRedRainPage } from '@palaro/contract';
import { ApiError } from '../../shared/api/client';
import { useLanguage, useTranslation } from '../../shared/i18n/language';
import { formatCountdown, formatDateTime } from '../../shared/lib/format';
import { moneyText } from '../../shared/lib/money';
import { useQueryClient } from '../../shared/query/react';
import { Link } from '../../shared/router';
import { useSessionInfo } from '../../shared/session/session';
import { useSettings } from '../../shared/startup/context';
import { ErrorState, useErrorText } from '../../shared/ui/ErrorState';
import { useToast } from '../../shared/ui/feedback';
import { EmptyInboxArt } from '../../shared/ui/illustrations';
import { Skeleton } from '../../shared/ui/Skeleton';
import { StateView } from '../../shared/ui/StateView';
import { BalanceAmount } from '../../shared/wallet/BalanceAmount';
import { TrialRefused } from '../../shared/wallet/TrialRefused';
import { grabEnvelope, redRainKeys, useRedRain } from './api/redRain';
import { RainCanvas } from './components/RainCanvas';
import { ResultSheet } from './components/ResultSheet';
import '../../shared/ui/page.css';
import './red-rain.css';

/** The server's clock, ticking once a second (the countdowns never trust the phone's clock alone). */
function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + offsetMs;
}

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  );
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function titleOf(event: { title: { TY: string; EN: string } }, language: string): string {
  return language === 'EN' ? event.title.EN : event.title.TY;
}

function Qualification({ event, symbol }: { event: TRedRainEvent; symbol: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  if (event.qualification === 'none') return <p className="rr-qualify is-met">{t('rr_qualify_none')}</p>;
  const need = event.qualifyAmount;
  const share = need > 0 ? Math.min(1, event.me.progress / need) : 1;
  const from = formatDateTime(event.qualifyFrom, language, settings.timeZone);
  return (
    <div className={`rr-qualify${event.me.qualified ? ' is-met' : ''}`} data-testid="rain-qualification">
      <p>
        {event.qualification === 'deposit'
          ? t('rr_qualify_deposit', { amount: moneyText(need, symbol), from })
          : t('rr_qualify_turnover', { amount: moneyText(need, symbol), from })}
      </p>
      <div className="rr-bar" aria-hidden="true">
        <span style={{ transform: `scaleX(${share})` }} />
      </div>
      <p className="rr-qualify__state">
        {event.me.qualified
          ? t('rr_qualified')
          : t('rr_progress', { done: moneyText(event.me.progress, symbol), need: moneyText(need, symbol) })}
      </p>
      {!event.me.qualified ? (
        <Link
          className="btn btn--outline btn--sm"
          to={event.qualification === 'deposit' ? WEB_ROUTES.voucherCenter : WEB_ROUTES.home}
        >
          {event.qualification === 'deposit' ? t('rr_deposit') : t('rr_play')}
        </Link>
      ) : null}
    </div>
  );
}

function EventFacts({ event, symbol }: { event: TRedRainEvent; symbol: string }) {
  const { t } = useTranslation();
  return (
    <dl className="rr-facts">
      <div>
        <dt>{t('rr_budget')}</dt>
        <dd>{moneyText(event.budget, symbol)}</dd>
      </div>
      <div>
        <dt>{t('rr_envelopes')}</dt>
        <dd data-testid="rain-envelopes-left">
          {event.status === 'live' ? t('rr_left', { count: event.envelopesLeft }) : event.envelopeCount}
        </dd>
      </div>
      <div>
        <dt>{t('rr_each')}</dt>
        <dd>{t('rr_grabs_each', { count: event.grabsPerMember })}</dd>
      </div>
    </dl>
  );
}

interface Pop {
  id: number;
  x: number;
  y: number;
  text: string;
}

/** The live rain: the falling envelopes, the member's catch so far, each catch popping where it was tapped. */
function LiveRain({
  event,
  symbol,
  now,
  onFinished,
}: {
  event: TRedRainEvent;
  symbol: string;
  now: number;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const reduced = useReducedMotion();
  const [caught, setCaught] = useState(event.me.caught);
  const [grabsLeft, setGrabsLeft] = useState(event.grabsPerMember - event.me.grabs);
  const [pops, setPops] = useState<Pop[]>([]);
  const busy = useRef(false);
  const popId = useRef(0);
  const canTake = event.me.qualified && grabsLeft > 0 && event.envelopesLeft > 0;

  const take = useCallback(
    async (point: { x: number; y: number }) => {
      if (busy.current || !canTake) return;
      busy.current = true;
      try {
        const grab = await grabEnvelope(event.id);
        setCaught(grab.caught);
        setGrabsLeft(grab.grabsLeft);
        const id = (popId.current += 1);
        setPops((list) => [...list.slice(-4), { id, ...point, text: `+${moneyText(grab.amount, symbol)}` }]);
        setTimeout(() => setPops((list) => list.filter((pop) => pop.id !== id)), 1200);
        if (grab.grabsLeft === 0) setTimeout(onFinished, 900);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : '';
        if (
          code === ERROR_CODES.redRainLimit ||
          code === ERROR_CODES.redRainSoldOut ||
          code === ERROR_CODES.redRainNotLive
        )
          onFinished();
        else void toast.show(errorText(error), { kind: 'error' });
      } finally {
        busy.current = false;
        void queryClient.invalidateQueries({ queryKey: redRainKeys.page });
      }
    },
    [canTake, event.id, symbol, onFinished, toast, errorText, queryClient],
  );

  const secondsLeft = (Date.parse(event.endsAt) - now) / 1000;
  return (
    <section className="rr-live" data-testid="rain-live">
      <RainCanvas reduced={reduced} onCatch={(point) => void take(point)} label={t('rr_tap')} />
      <div className="rr-live__hud">
        <div className="rr-live__title">
          <span className="rr-live__badge">{t('rr_live')}</span>
          <h2>{titleOf(event, language)}</h2>
        </div>
        <span className="rr-live__side">
          <span className="rr-live__clock" data-testid="rain-time-left">
            {t('rr_ends_in', { time: formatCountdown(secondsLeft) })}
          </span>
          <span className="rr-live__wallet">
            {t('rr_balance')} <BalanceAmount testId="rain-balance" />
          </span>
        </span>
      </div>
      {pops.map((pop) => (
        <span key={pop.id} className="rr-pop" style={{ left: pop.x, top: pop.y }} data-testid="rain-pop">
          {pop.text}
        </span>
      ))}
      <div className="rr-live__foot">
        <div className="rr-live__catch">
          <span>{t('rr_caught_total')}</span>
          <strong data-testid="rain-caught">{moneyText(caught, symbol)}</strong>
          <span className="rr-live__left">
            {t('rr_grabs_left', { count: grabsLeft })} · {t('rr_left', { count: event.envelopesLeft })}
          </span>
        </div>
        {canTake ? (
          <button
            type="button"
            className="btn btn--primary rr-grab"
            data-testid="rain-grab"
            onClick={(click) => {
              const box = (click.currentTarget.offsetParent as HTMLElement | null)?.getBoundingClientRect();
              void take({ x: (box?.width ?? 300) / 2, y: (box?.height ?? 400) * 0.55 });
            }}
          >
            {t('rr_grab_button')}
          </button>
        ) : (
          <button type="button" className="btn btn--outline rr-grab" onClick={onFinished} data-testid="rain-see-result">
            {event.me.qualified ? t('rr_view_result') : t('rr_not_qualified')}
          </button>
        )}
      </div>
      {!event.me.qualified ? (
        <div className="rr-live__veil">
          <Qualification event={event} symbol={symbol} />
        </div>
      ) : null}
    </section>
  );
}

function UpcomingCard({ event, symbol, now }: { event: TRedRainEvent; symbol: string; now: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  return (
    <article className="rr-card" data-testid="rain-upcoming">
      <header className="rr-card__head">
        <span className="rr-card__envelope" aria-hidden="true" />
        <div>
          <p className="rr-card__kicker">{t('rr_upcoming')}</p>
          <h2 className="rr-card__title">{titleOf(event, language)}</h2>
          <p className="rr-card__when">{formatDateTime(event.startsAt, language, settings.timeZone)}</p>
        </div>
      </header>
      <p className="rr-countdown" data-testid="rain-countdown">
        {t('rr_starts_in', { time: formatCountdown((Date.parse(event.startsAt) - now) / 1000) })}
      </p>
      <EventFacts event={event} symbol={symbol} />
      <Qualification event={event} symbol={symbol} />
    </article>
  );
}

function History({ page }: { page: TRedRainPage }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSettings();
  if (page.history.length === 0) return null;
  return (
    <section className="rr-history" aria-labelledby="rr-history-title">
      <h2 id="rr-history-title" className="rr-history__title">
        {t('rr_history')}
      </h2>
      <ul>
        {page.history.map((row) => (
          <li key={row.eventId} className="rr-history__row" data-testid="rain-history-row">
            <span className="rr-history__main">
              <span className="rr-history__name">{titleOf(row, language)}</span>
              <span className="rr-history__meta">
                {formatDateTime(row.startsAt, language, settings.timeZone)} ·{' '}
                {t('rr_history_row', { count: row.envelopes })}
              </span>
            </span>
            <strong className="rr-history__amount">+{moneyText(row.caught, page.currencySymbol)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RedRainSkeleton() {
  return (
    <div className="rr" aria-busy="true" data-testid="rain-loading">
      <Skeleton height={260} radius={20} />
      <Skeleton height={64} radius={14} />
      <Skeleton height={64} radius={14} />
    </div>
  );
}

/** /m/redRain (GAMSER): the next rain's countdown and qualification, the rain itself while it falls, the result and the history. */
export default function RedRainScreen() {
  const { t } = useTranslation();
  const session = useSessionInfo();
  const settings = useSettings();
  const query = useRedRain();
  const now = useServerNow(query.data?.clockOffsetMs ?? 0);
  const [resultOf, setResultOf] = useState<number | null>(null);
  const [finished, setFinished] = useState<Set<number>>(() => new Set());

  if (session?.type === MEMBER_TYPES.trial) return <TrialRefused />;
  if (query.isPending) return <RedRainSkeleton />;
  if (query.isError && !query.data)
    return <ErrorState testId="rain-error" error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  const symbol = page.currencySymbol;
  const live = page.events.find(
    (event) => event.status === 'live' && Date.parse(event.endsAt) > now && Date.parse(event.startsAt) <= now,
  );
  const upcoming = page.events.filter((event) => event.id !== live?.id && Date.parse(event.startsAt) > now);

  if (!live && upcoming.length === 0 && page.history.length === 0)
    return (
      <StateView
        testId="rain-empty"
        art={<EmptyInboxArt />}
        title={t('rr_empty_title')}
        body={<p>{t('rr_empty_body', { name: settings.name })}</p>}
      />
    );

  return (
    <div className="rr" data-testid="red-rain-screen">
      {live && !finished.has(live.id) ? (
        <LiveRain
          key={live.id}
          event={live}
          symbol={symbol}
          now={now}
          onFinished={() => {
            setFinished((set) => new Set(set).add(live.id));
            setResultOf(live.id);
          }}
        />
      ) : live ? (
        <button type="button" className="btn btn--primary btn--block" onClick={() => setResultOf(live.id)}>
          {t('rr_view_result')}
        </button>
      ) : null}
      {upcoming.map((event) => (
        <UpcomingCard key={event.id} event={event} symbol={symbol} now={now} />
      ))}
      {!live && upcoming.length === 0 ? <p className="rr-none">{t('rr_none_now')}</p> : null}
      <History page={page} />
      {resultOf !== null ? <ResultSheet eventId={resultOf} onClose={() => setResultOf(null)} /> : null}
    </div>
  );
}
