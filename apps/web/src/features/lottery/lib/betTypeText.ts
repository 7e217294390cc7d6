import { useCallback, useMemo } from 'react';
import {
  FAMILY_TIERS,
  P642_FIXED_PRIZES,
  P642_TICKET,
  vnShape,
  type LotteryFamily,
  type PickRow,
  type TBetTypeView,
} from '@palaro/contract';
import { useLanguage, useTranslation } from '../../../shared/i18n/language';
import { localeOf } from '../../../shared/lib/format';
import { useMoney } from '../../../shared/lib/money';
import { oddsText, optionKindOf, optionText, picksText, type OptionKind } from './slip';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The text of a key, or null when the tables have none (translate answers the key itself then). */
function known(t: Translate, key: string, values?: Record<string, string | number>): string | null {
  const text = t(key, values);
  return text === key ? null : text;
}

/**
 * The server names bet types and their rows in English (the contract's rules); the player reads
 * them in their language. The name and the "wins when" line by the bet type's code, with the
 * family's counts (a Vietnamese draw's 27 or 18 numbers, 6/42's prizes) filled in; a code the tables
 * do not know keeps the server's words.
 */
export function betTypeTexts(
  t: Translate,
  money: (minor: number) => string,
  family: LotteryFamily,
  code: string,
): { name: string | null; wins: string | null } {
  const ssc = /^SSC_(STRAIGHT|GROUP2|GROUP3|GROUP6)_(FIRST2|LAST2|FIRST3|MIDDLE3|LAST3)$/.exec(code);
  if (ssc) {
    const [, kind, partCode] = ssc;
    const part = t(`lt_bt_part_${partCode}`);
    return {
      name: known(t, `lt_bt_SSC_${kind}`, { n: partCode!.slice(-1), part }),
      wins: known(t, `lt_bw_SSC_${kind}`, { part }),
    };
  }
  const x = /^X11X5_(ANY|FIRST)(\d)(?:_(STRAIGHT|GROUP))?$/.exec(code);
  if (x) {
    const [, kind, digits, order] = x;
    const n = Number(digits);
    if (kind === 'ANY')
      return {
        name: known(t, 'lt_bt_X11X5_ANY', { n }),
        wins: known(t, n <= 5 ? 'lt_bw_X11X5_ANY_IN' : 'lt_bw_X11X5_ANY_OUT', { n }),
      };
    return {
      name: known(t, `lt_bt_X11X5_${order}`, { n }),
      wins: known(t, `lt_bw_X11X5_${order}`, { word: t(`lt_bw_word_${n}`) }),
    };
  }
  const vn = /^(?:VN|VNN|VNS)_(DE|DAU|DUOI|LO2|LO3|XIEN)(\d)?$/.exec(code);
  const tiers = FAMILY_TIERS[family];
  if (vn && tiers) {
    const [, kind, k] = vn;
    const shape = vnShape(tiers);
    const count = kind === 'LO3' ? shape.threeDigitCount : shape.count;
    // Đề, đầu, đuôi, lô and xiên are the Vietnamese names players use in every language: the server's stay.
    return { name: null, wins: known(t, `lt_bw_VN_${kind}`, { count, n: Number(k ?? 0) }) };
  }
  if (code === 'P642_PICK6') {
    const prizes = {
      p5: money(P642_FIXED_PRIZES[5]),
      p4: money(P642_FIXED_PRIZES[4]),
      p3: money(P642_FIXED_PRIZES[3]),
      ticket: money(P642_TICKET),
    };
    return { name: known(t, `lt_bt_${code}`), wins: known(t, `lt_bw_${code}`, prizes) };
  }
  return { name: known(t, `lt_bt_${code}`), wins: known(t, `lt_bw_${code}`) };
}

/** A row's label in the player's language: Ball 1, 1st, 1st vs 10th, 1st digit, Total… as the server writes them. */
export function rowText(t: Translate, label: string): string {
  const patterns: [RegExp, string, (match: RegExpExecArray) => Record<string, string>][] = [
    [/^Ball (\d+)$/, 'lt_row_ball', (match) => ({ n: match[1]! })],
    [/^Ball (\d+) vs ball (\d+)$/, 'lt_row_ball_vs', (match) => ({ a: match[1]!, b: match[2]! })],
    [/^(\d+)(?:st|nd|rd|th) vs (\d+)(?:st|nd|rd|th)$/, 'lt_row_place_vs', (match) => ({ a: match[1]!, b: match[2]! })],
    [/^(\d+)(?:st|nd|rd|th) digit$/, 'lt_row_digit_n', (match) => ({ n: match[1]! })],
    [/^(\d+)(?:st|nd|rd|th)$/, 'lt_row_place', (match) => ({ n: match[1]! })],
  ];
  for (const [pattern, key, values] of patterns) {
    const match = pattern.exec(label);
    if (match) return known(t, key, values(match)) ?? label;
  }
  return known(t, `lt_row_${label.replace(/\s+/g, '_')}`) ?? label;
}

/** The game's bet types with their names, "wins when" lines and row labels in the player's language. */
export function useLocalizedBetTypes(family: LotteryFamily, betTypes: readonly TBetTypeView[]): TBetTypeView[] {
  const { t } = useTranslation();
  const money = useMoney();
  return useMemo(
    () =>
      betTypes.map((view) => {
        const texts = betTypeTexts(t, money, family, view.code);
        return {
          ...view,
          name: texts.name ?? view.name,
          wins: texts.wins ?? view.wins,
          rows: view.rows.map((row) => ({ ...row, label: rowText(t, row.label) })),
        };
      }),
    [t, money, family, betTypes],
  );
}

/** How an option reads in the player's language: Big, Dragon, Any triple, or the number in its row's width (07). */
export function useOptionLabel(): (
  kind: OptionKind,
  row: Pick<PickRow, 'min' | 'max'> | undefined,
  value: number,
) => string {
  const { t } = useTranslation();
  return useCallback(
    (kind, row, value) => {
      if (kind === 'side') return t(`lt_side_${value}`);
      if (kind === 'duel') return t(`lt_dt_${value}`);
      if (kind === 'only') return t('lt_any_triple');
      return row ? optionText(row, value) : String(value);
    },
    [t],
  );
}

/** A placed bet's picks as the slip showed them (picksText), by its bet type's rows in the player's language. */
export function usePicksText(): (
  betType: string,
  view: TBetTypeView | undefined,
  picks: readonly (readonly number[])[],
) => string {
  const optionLabel = useOptionLabel();
  return useCallback(
    (betType, view, picks) => {
      const kind = optionKindOf(betType);
      return picksText(view?.rows ?? [], picks, (rowIndex, value) => optionLabel(kind, view?.rows[rowIndex], value));
    },
    [optionLabel],
  );
}

/** Odds in the player's language's number format (oddsText): 97,500 and 2,785.71. */
export function useOddsText(): (odds: number, decimals?: number) => string {
  const { language } = useLanguage();
  return useCallback((odds, decimals) => oddsText(odds, localeOf(language), decimals), [language]);
}
