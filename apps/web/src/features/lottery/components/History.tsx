import { useEffect, useState } from 'react';
import {
  FAMILY_TIERS,
  positionValues,
  streakRange,
  verifyDraw,
  type VnTiers,
  type DrawVerification,
  type TDrawVerification,
  type LotteryFamily,
  type TBetTypeView,
  type TLotteryBet,
  type TLotteryDraw,
} from '@palaro/contract';
import { usePicksText } from '../lib/betTypeText';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { Modal } from '../../../shared/ui/Modal';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useDrawVerification } from '../api/verify';
import { Balls } from './Balls';
import { ShieldCheckIcon } from './lotteryIcons';
import { StreakTable } from './Streaks';
import { OfficialVerification } from './Official';
import { numeroText } from '../lib/numero';

/** A result's balls: its values per position (a Vietnamese draw: the special prize's digits). */
export function resultBalls(family: LotteryFamily, result: readonly number[]): string[] {
  return positionValues(family, result).map(String);
}

/** A Vietnamese result split into its prize tiers, each number zero-padded to its tier's digits. */
export function tierRows(tiers: VnTiers, result: readonly number[]): { name: string; numbers: string[] }[] {
  const starts = tiers.map((_, at) => tiers.slice(0, at).reduce((sum, [, count]) => sum + count, 0));
  return tiers.map(([name, count, digits], at) => ({
    name,
    numbers: result.slice(starts[at], starts[at]! + count).map((value) => String(value).padStart(digits, '0')),
  }));
}

/**
 * A Vietnamese draw's whole board, as xổ số results are printed: each prize tier (ĐB, G1…) with its
 * numbers, the two-digit endings (what lô and xiên pay on) bold.
 */
export function VnPrizeBoard({ tiers, result }: { tiers: VnTiers; result: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <table className="lt-vnboard" data-testid="lottery-vn-board">
      <caption className="visually-hidden">{t('lt_vn_board')}</caption>
      <tbody>
        {tierRows(tiers, result).map(({ name, numbers }) => (
          <tr key={name} className={name === 'ĐB' ? 'is-special' : undefined}>
            <th scope="row">{name}</th>
            <td>
              {numbers.map((number, at) => (
                <span key={at} className="lt-vnboard__number">
                  {number.slice(0, -2)}
                  <b>{number.slice(-2)}</b>
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResultsList({
  family,
  draws,
  onVerify,
  revealNumero,
}: {
  family: LotteryFamily;
  draws: readonly TLotteryDraw[];
  onVerify: (numero: string) => void;
  /** The draw that just arrived: its balls play the reveal. */
  revealNumero: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const tiers = FAMILY_TIERS[family];
  const drawn = draws.filter((draw) => draw.result !== null);
  if (drawn.length === 0)
    return (
      <p className="lt-empty" data-testid="lottery-results-empty">
        {t('lt_results_empty')}
      </p>
    );
  return (
    <ol className="lt-results" data-testid="lottery-results">
      {drawn.map((draw) => (
        <li key={draw.numero} className="lt-result" data-testid="lottery-result" data-numero={draw.numero}>
          <span className="lt-result__numero">{numeroText(draw.numero)}</span>
          <Balls
            values={resultBalls(family, draw.result!)}
            size="sm"
            reveal={draw.numero === revealNumero}
            label={t('lt_new_result', { numero: draw.numero, numbers: draw.winningNumber })}
          />
          <span className="lt-result__actions">
            {tiers ? (
              <button
                type="button"
                className="lt-link"
                aria-expanded={open === draw.numero}
                data-testid="lottery-vn-board-toggle"
                onClick={() => setOpen((current) => (current === draw.numero ? null : draw.numero))}
              >
                {open === draw.numero ? t('lt_vn_board_hide') : t('lt_vn_board_show')}
              </button>
            ) : null}
            <button
              type="button"
              className="lt-link"
              data-testid="lottery-verify-open"
              onClick={() => onVerify(draw.numero)}
            >
              <ShieldCheckIcon size={16} aria-hidden="true" />
              {t('lt_verify')}
            </button>
          </span>
          {tiers && open === draw.numero ? (
            <div className="lt-result__board">
              <VnPrizeBoard tiers={tiers} result={draw.result!} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const TREND_W = 340;
const TREND_H = 150;
const PAD = { left: 26, right: 10, top: 12, bottom: 20 };

/**
 * The trend of one position over the last draws (oldest left, newest right), drawn in SVG: a line
 * through each draw's value, with the scale of the position's range; beside it the streaks of every
 * position, the chosen one highlighted.
 */
export function TrendChart({
  family,
  draws,
  positions,
}: {
  family: LotteryFamily;
  /** Newest first, as the results endpoint answers. */
  draws: readonly TLotteryDraw[];
  positions: readonly string[];
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(0);
  const drawn = draws
    .filter((draw) => draw.result !== null)
    .slice()
    .reverse();
  const streaks = <StreakTable family={family} draws={draws} positions={positions} selected={position} />;
  if (drawn.length < 2)
    return (
      <>
        <p className="lt-empty" data-testid="lottery-trend-empty">
          {t('lt_trend_empty')}
        </p>
        {streaks}
      </>
    );
  const values = drawn.map((draw) => positionValues(family, draw.result!)[position] ?? 0);
  const { min: low, max: high } = streakRange(family);
  const x = (index: number) => PAD.left + (index * (TREND_W - PAD.left - PAD.right)) / Math.max(1, values.length - 1);
  const y = (value: number) => PAD.top + ((high - value) * (TREND_H - PAD.top - PAD.bottom)) / Math.max(1, high - low);
  const path = values
    .map((value, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(value).toFixed(1)}`)
    .join(' ');
  const ticks = [low, Math.round((low + high) / 2), high];
  const positionName = positions[position] ?? '';
  return (
    <>
      <section className="lt-trend" data-testid="lottery-trend">
        <h3 className="lt-trend__title">{t('lt_trend_title', { count: values.length })}</h3>
        <div className="lt-types" role="group" aria-label={t('lt_trend_position')}>
          {positions.map((name, index) => (
            <button
              key={name}
              type="button"
              className={`lt-type${index === position ? ' is-active' : ''}`}
              aria-pressed={index === position}
              data-testid="lottery-trend-position"
              onClick={() => setPosition(index)}
            >
              {name}
            </button>
          ))}
        </div>
        <svg
          className="lt-trend__chart"
          viewBox={`0 0 ${TREND_W} ${TREND_H}`}
          role="img"
          aria-label={t('lt_trend_chart', { position: positionName, count: values.length })}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={TREND_W - PAD.right} y1={y(tick)} y2={y(tick)} className="lt-trend__grid" />
              <text x={PAD.left - 6} y={y(tick) + 4} className="lt-trend__tick" textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
          <path d={path} className="lt-trend__line" />
          {values.map((value, index) => (
            <circle
              key={drawn[index]!.numero}
              cx={x(index)}
              cy={y(value)}
              r={index === values.length - 1 ? 5 : 3.2}
              className={index === values.length - 1 ? 'lt-trend__dot is-last' : 'lt-trend__dot'}
            />
          ))}
        </svg>
      </section>
      {streaks}
    </>
  );
}

/**
 * The member's bets with their states; bet types by the game's names, picks as chosen (Big, Dragon…).
 * A bet the server marks cancellable (pending, its draw on sale, the game allows it) has a cancel
 * button; the confirmation offers that bet alone or every cancellable bet of its slip.
 */
export function MyBetsList({
  bets,
  betTypes,
  onCancel,
  cancelling,
}: {
  bets: readonly TLotteryBet[];
  betTypes: readonly TBetTypeView[];
  onCancel: (betIds: string[]) => Promise<void>;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TLotteryBet | null>(null);
  const picksOf = usePicksText();
  const picksText = (bet: TLotteryBet) =>
    picksOf(
      bet.betType,
      betTypes.find((each) => each.code === bet.betType),
      bet.picks,
    );
  const money = useMoney();
  if (bets.length === 0)
    return (
      <p className="lt-empty" data-testid="lottery-mybets-empty">
        {t('lt_mybets_empty')}
      </p>
    );
  const slipMates = asking ? bets.filter((bet) => bet.slipReference === asking.slipReference && bet.cancellable) : [];
  const close = () => setAsking(null);
  const cancel = (ids: string[]) => void onCancel(ids).finally(close);
  return (
    <>
      <ul className="lt-mybets" data-testid="lottery-mybets">
        {bets.map((bet) => (
          <li key={bet.betId} className="lt-mybet" data-testid="lottery-mybet" data-state={bet.state}>
            <div className="lt-mybet__top">
              <strong className="lt-mybet__type">
                {betTypes.find((each) => each.code === bet.betType)?.name ?? bet.betType}
                {bet.chaseId ? <span className="lt-mybet__tag">{t('lt_chase_tag')}</span> : null}
              </strong>
              <span className={`lt-state lt-state--${bet.state}`}>{t(`lt_state_${bet.state}`)}</span>
            </div>
            <div className="lt-mybet__picks">{picksText(bet)}</div>
            <div className="lt-mybet__bottom">
              <span>{numeroText(bet.numero)}</span>
              <span>
                {t('lt_bet_line', { count: bet.combinations, unit: money(bet.unitStake), multiplier: bet.multiplier })}{' '}
                = {money(bet.stake)}
              </span>
            </div>
            {bet.state === 'won' ? (
              <div className="lt-mybet__won">{t('lt_won_amount', { amount: money(bet.winAmount) })}</div>
            ) : null}
            {bet.cancellable ? (
              <div className="lt-mybet__actions">
                <button
                  type="button"
                  className="lt-link lt-link--danger"
                  data-testid="lottery-mybet-cancel"
                  disabled={cancelling}
                  onClick={() => setAsking(bet)}
                >
                  {t('lt_cancel_bet')}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {asking ? (
        <Modal title={t('lt_cancel_title')} onClose={close} testId="lottery-cancel-confirm">
          <div className="lt-confirm">
            <p className="lt-confirm__draw">
              {t('lt_cancel_body', { amount: money(asking.stake), numero: numeroText(asking.numero) })}
            </p>
            <div className="lt-confirm__stack">
              <button
                type="button"
                className="btn btn--primary btn--block"
                data-testid="lottery-cancel-one"
                disabled={cancelling}
                onClick={() => cancel([asking.betId])}
              >
                {t('lt_cancel_one', { amount: money(asking.stake) })}
              </button>
              {slipMates.length > 1 ? (
                <button
                  type="button"
                  className="btn btn--outline btn--block"
                  data-testid="lottery-cancel-slip"
                  disabled={cancelling}
                  onClick={() => cancel(slipMates.map((bet) => bet.betId))}
                >
                  {t('lt_cancel_slip', {
                    count: slipMates.length,
                    amount: money(slipMates.reduce((sum, bet) => sum + bet.stake, 0)),
                  })}
                </button>
              ) : null}
              <button type="button" className="btn btn--ghost btn--block" onClick={close}>
                {t('lt_keep')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <li className={`lt-check${ok ? ' is-ok' : ' is-bad'}`}>
      <span className="lt-check__mark" aria-hidden="true">
        {ok ? '✓' : '✗'}
      </span>
      <span>{label}</span>
      <span className="visually-hidden">{ok ? t('ig_verify_ok') : t('ig_verify_bad')}</span>
    </li>
  );
}

/**
 * An electronic draw verified in the browser: the server's revealed seed and public value, recomputed
 * here by the contract's verifyDraw (SHA-256 commitment and the result), beside what was announced.
 */
function SeedVerification({ data }: { data: TDrawVerification }) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<DrawVerification | null>(null);
  useEffect(() => {
    let live = true;
    void verifyDraw({
      family: data.family,
      seedHash: data.seedHash,
      serverSeed: data.serverSeed,
      publicValue: data.publicValue,
      result: data.result,
    }).then((verification) => {
      if (live) setLocal(verification);
    });
    return () => {
      live = false;
    };
  }, [data]);
  return (
    <div className="lt-verify" data-testid="lottery-verify-body">
      <p className="lt-verify__intro">{t('lt_verify_intro')}</p>
      <dl className="lt-verify__facts">
        <dt>{t('lt_seed_hash')}</dt>
        <dd className="lt-mono">{data.seedHash}</dd>
        <dt>{t('lt_server_seed')}</dt>
        <dd className="lt-mono">{data.serverSeed}</dd>
        <dt>
          {t('lt_public_value')} · {t('lt_ticket_count', { count: data.ticketCount })}
        </dt>
        <dd className="lt-mono">{data.publicValue}</dd>
        <dt>{t('lt_announced')}</dt>
        <dd>
          <Balls values={resultBalls(data.family, data.result)} size="sm" />
        </dd>
        <dt>{t('lt_recomputed')}</dt>
        <dd data-testid="lottery-verify-recomputed">
          {local ? <Balls values={resultBalls(data.family, local.recomputed)} size="sm" /> : t('lt_verify_running')}
        </dd>
      </dl>
      {local ? (
        <>
          <ul className="lt-checks">
            <Check ok={local.seedMatchesHash} label={t('lt_check_hash')} />
            <Check ok={local.resultMatches} label={t('lt_check_result')} />
          </ul>
          <p
            className={`lt-verdict${local.valid ? ' is-ok' : ' is-bad'}`}
            role="status"
            data-testid="lottery-verify-verdict"
            data-valid={local.valid}
          >
            <ShieldCheckIcon size={20} aria-hidden="true" />
            {local.valid ? t('lt_verify_valid') : t('lt_verify_invalid')}
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * What the verify link opens: an electronic draw recomputed in the browser from its revealed seed
 * (the contract's verifyDraw), or a traditional draw's official source (no seed: who entered and
 * confirmed the official result, or the feed).
 */
export function VerifySheet({ gameCode, numero, onClose }: { gameCode: string; numero: string; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useDrawVerification(gameCode, numero);
  return (
    <Modal title={t('lt_verify_title', { numero: numeroText(numero) })} onClose={onClose} testId="lottery-verify">
      {proof.isPending ? (
        <div className="lt-verify">
          <Skeleton height={18} />
          <Skeleton height={18} />
          <Skeleton height={44} />
        </div>
      ) : null}
      {proof.isError ? <ErrorState compact error={proof.error} onRetry={() => void proof.refetch()} /> : null}
      {proof.data?.kind === 'seed' ? <SeedVerification data={proof.data} /> : null}
      {proof.data?.kind === 'official' ? <OfficialVerification data={proof.data} /> : null}
    </Modal>
  );
}
