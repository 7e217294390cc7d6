import { useEffect, useRef, useState } from 'react';
import { formatJackpot, JACKPOT_INTERVALS_MS, jackpotStart, jackpotStep } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useSettings } from '../../../shared/startup/context';

export type JackpotRange = { min: number; max: number } | null;

/**
 * The running jackpot of spec §4: starts at a random value between min and max (the default
 * 25,839,768.89 without a range), then grows by 100–500 every 3, 4 or 5 s, each drawn anew.
 * `random` is injectable so the tests run it on fixed numbers.
 */
export function useJackpot(range: JackpotRange, random: () => number = Math.random): number {
  const [value, setValue] = useState(() => jackpotStart(range, random));
  const latest = useRef(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // The first wait is 3, 4 or 5 s like every later one (the step's own draw of the interval).
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        const step = jackpotStep(latest.current, random);
        latest.current = step.value;
        setValue(step.value);
        schedule(step.nextInMs);
      }, delay);
    };
    schedule(JACKPOT_INTERVALS_MS[Math.floor(random() * JACKPOT_INTERVALS_MS.length)]!);
    return () => clearTimeout(timer);
  }, [random]);
  return value;
}

export function JackpotCounter({ range, random }: { range: JackpotRange; random?: () => number }) {
  const { t } = useTranslation();
  const symbol = useSettings().currency.symbol;
  const value = useJackpot(range, random);
  return (
    <section className="lt-jackpot" aria-labelledby="lt-jackpot-label" data-testid="lottery-jackpot">
      <span className="lt-jackpot__shine" aria-hidden="true" />
      <h2 id="lt-jackpot-label" className="lt-jackpot__label">
        {t('lt_jackpot')}
      </h2>
      <p className="lt-jackpot__value" data-testid="lottery-jackpot-value">
        {formatJackpot(value, symbol)}
      </p>
    </section>
  );
}
