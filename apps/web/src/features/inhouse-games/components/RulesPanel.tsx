import { useId, useState } from 'react';
import {
  INHOUSE_MAX_WIN,
  type SlotSymbol,
  type TInhouseSession,
  type TMinesRules,
  type TSlotRules,
} from '@palaro/contract';
import { useMoney } from '../../../shared/lib/money';
import { useTranslation } from '../../../shared/i18n/language';
import { SYMBOL_SPRITE_PREFIX } from '../slot/symbolArt';
import { formatMultiplier, formatPercent } from '../lib/format';

/** A symbol from the sprite the slot game draws once in the page (the sheet is in the same document). */
export function SymbolPicture({ symbol, size = 44 }: { symbol: SlotSymbol; size?: number }) {
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#${SYMBOL_SPRITE_PREFIX}${symbol.toLowerCase()}`} />
    </svg>
  );
}

function RtpLine({ rtp }: { rtp: number }) {
  const { t } = useTranslation();
  return (
    <p className="ig-rtp" data-testid="inhouse-rtp">
      <span>{t('ig_rtp_label')}</span>
      <strong>{formatPercent(rtp)}</strong>
    </p>
  );
}

/** The most one round pays, and where fairness is explained. */
function FairNote({ maxWin }: { maxWin: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="ig-rules__note">{t('ig_max_win', { max: maxWin })}</p>
      <p className="ig-rules__note">{t('ig_rules_fair_note')}</p>
    </>
  );
}

function Payline({ rows, index }: { rows: readonly number[]; index: number }) {
  const { t } = useTranslation();
  return (
    <figure className="ig-payline">
      <svg viewBox="0 0 50 30" width="50" height="30" role="img" aria-label={t('ig_payline_label', { n: index + 1 })}>
        {Array.from({ length: 15 }, (_, cell) => {
          const reel = Math.floor(cell / 3);
          const row = cell % 3;
          const on = rows[reel] === row;
          return (
            <rect
              key={cell}
              x={reel * 10 + 1}
              y={row * 10 + 1}
              width="8"
              height="8"
              rx="2"
              className={on ? 'ig-payline__on' : 'ig-payline__off'}
            />
          );
        })}
      </svg>
      <figcaption>{index + 1}</figcaption>
    </figure>
  );
}

function SlotRules({ rules, rtp }: { rules: TSlotRules; rtp: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const paying = Object.entries(rules.paytable) as [SlotSymbol, [number, number, number]][];
  return (
    <div className="ig-rules" data-testid="slot-paytable">
      <RtpLine rtp={rtp} />
      <p className="ig-rules__lead">{t('ig_slot_rules_lead', { lines: rules.paylines.length })}</p>
      <h3 className="ig-rules__heading">{t('ig_slot_pays_heading')}</h3>
      <ul className="ig-paytable">
        {paying.map(([symbol, pays]) => (
          <li key={symbol} className="ig-paytable__row" data-testid="slot-pay-row">
            <SymbolPicture symbol={symbol} />
            <span className="ig-paytable__name">{t(`ig_sym_${symbol}`)}</span>
            <dl className="ig-paytable__pays">
              {[5, 4, 3].map((count) => (
                <div key={count}>
                  <dt>{count}×</dt>
                  <dd>{pays[count - 3]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="ig-rules__note">{t('ig_slot_pays_note', { lines: rules.paylines.length })}</p>
      <div className="ig-special">
        <SymbolPicture symbol={rules.wild as SlotSymbol} size={56} />
        <div>
          <h3 className="ig-rules__heading">{t('ig_slot_wild_title')}</h3>
          <p>{t('ig_slot_wild_body')}</p>
        </div>
      </div>
      <div className="ig-special">
        <SymbolPicture symbol={rules.scatter as SlotSymbol} size={56} />
        <div>
          <h3 className="ig-rules__heading">{t('ig_slot_scatter_title')}</h3>
          <p>
            {t('ig_slot_scatter_body', {
              pay3: rules.scatterPays['3'],
              pay4: rules.scatterPays['4'],
              pay5: rules.scatterPays['5'],
              spins3: rules.freeSpinAwards['3'],
              spins4: rules.freeSpinAwards['4'],
              spins5: rules.freeSpinAwards['5'],
            })}
          </p>
          <p>{t('ig_slot_free_body', { multiplier: rules.freeSpinMultiplier, max: rules.maxFreeSpins })}</p>
        </div>
      </div>
      <h3 className="ig-rules__heading">{t('ig_slot_lines_heading', { lines: rules.paylines.length })}</h3>
      <div className="ig-paylines">
        {rules.paylines.map((rows, index) => (
          <Payline key={index} rows={rows} index={index} />
        ))}
      </div>
      <FairNote maxWin={money(INHOUSE_MAX_WIN)} />
    </div>
  );
}

function MinesRules({ rules, rtp, minesCount }: { rules: TMinesRules; rtp: number; minesCount: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const [mines, setMines] = useState(minesCount);
  const row = rules.multipliers[mines] ?? [];
  return (
    <div className="ig-rules" data-testid="mines-rules">
      <RtpLine rtp={rtp} />
      <ol className="ig-rules__steps">
        <li>
          {t('ig_mines_rule_1', { cells: rules.gridSize * rules.gridSize, min: rules.minMines, max: rules.maxMines })}
        </li>
        <li>{t('ig_mines_rule_2')}</li>
        <li>{t('ig_mines_rule_3')}</li>
        <li>{t('ig_mines_rule_4')}</li>
      </ol>
      <div className="ig-field ig-field--inline">
        <label htmlFor={`${id}-mines`}>{t('ig_mines_table_for')}</label>
        <select id={`${id}-mines`} value={mines} onChange={(event) => setMines(Number(event.target.value))}>
          {Array.from({ length: rules.maxMines - rules.minMines + 1 }, (_, i) => rules.minMines + i).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <table className="ig-table" data-testid="mines-multipliers">
        <caption className="visually-hidden">{t('ig_mines_table_caption', { mines })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ig_mines_table_gems')}</th>
            <th scope="col">{t('ig_mines_table_multiplier')}</th>
          </tr>
        </thead>
        <tbody>
          {row.slice(1).map((multiplier, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>{formatMultiplier(multiplier, rules.multiplierScale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FairNote maxWin={money(INHOUSE_MAX_WIN)} />
    </div>
  );
}

/** The paytable (slot) or the rules and multipliers (mines), with the stated return to player. */
export function RulesPanel({ session, minesCount = 3 }: { session: TInhouseSession; minesCount?: number }) {
  if (session.slot) return <SlotRules rules={session.slot} rtp={session.statedRtp} />;
  if (session.mines) return <MinesRules rules={session.mines} rtp={session.statedRtp} minesCount={minesCount} />;
  return null;
}
