import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { SLOT_REELS, SLOT_ROW_COUNT, type SlotSymbol } from '@palaro/contract';
import { SYMBOL_SPRITE_PREFIX } from './symbolArt';

/** What the game asks of the reels: start spinning, then land on a spin's stops (reel by reel). */
export interface ReelsHandle {
  spin(): void;
  /** Resolves once every reel has stopped; `slowFrom` makes the reels from that one on spin longer (scatter suspense). */
  land(
    stops: readonly number[],
    options?: { slowFrom?: number | null; onReelStop?: (reel: number) => void },
  ): Promise<void>;
}

const SPEED = 24; // symbols a second at full speed
const SPIN_UP_MS = 220;
const MIN_SPIN_MS = 520;
const STAGGER_MS = 170;
const SUSPENSE_MS = 650;
const LAND_DISTANCE = 4; // at least this many symbols pass between "stop" and the stop
const BACK_OVERSHOOT = 0.9; // easeOutBack's c1: how far a reel bounces past its stop
/** Cells drawn per reel: the three rows and one above (the strip moves down). */
const CELLS = SLOT_ROW_COUNT + 1;

function artName(symbol: SlotSymbol): string {
  return `#${SYMBOL_SPRITE_PREFIX}${symbol.toLowerCase()}`;
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

function easeOutBack(x: number): number {
  const c3 = BACK_OVERSHOOT + 1;
  return 1 + c3 * (x - 1) ** 3 + BACK_OVERSHOOT * (x - 1) ** 2;
}

interface ReelState {
  /** Position on the tape in symbols: row r shows tape(floor(s) − r); s grows as the strip moves down. */
  s: number;
  /** tape(m) = strip[(base − m) mod L], the real reel strip, unless an override names the cell. */
  base: number;
  overrides: Map<number, SlotSymbol>;
  mode: 'idle' | 'spin' | 'land';
  spinStart: number;
  spinFrom: number;
  landAt: number;
  landFrom: number;
  landTo: number;
  landMs: number;
  stop: number;
  done: (() => void) | null;
}

function tape(reel: number, state: ReelState, m: number): SlotSymbol {
  const strip = SLOT_REELS[reel]!;
  return state.overrides.get(m) ?? strip[mod(state.base - m, strip.length)]!;
}

/** Where a spinning reel is at `now`: speeding up over SPIN_UP_MS, then full speed. */
function spinPosition(state: ReelState, now: number): number {
  const t = Math.max(0, now - state.spinStart) / 1000;
  const up = SPIN_UP_MS / 1000;
  return state.spinFrom + (t < up ? (SPEED * t * t) / (2 * up) : SPEED * (t - up / 2));
}

/**
 * Five reels of three rows drawn from the contract's reel strips: a spin moves each strip down at
 * 24 symbols a second (one transform and a few href swaps per reel per frame, in one
 * requestAnimationFrame loop), and a landing eases each reel onto its stop with a small bounce,
 * reel after reel. With reduced motion the reels change in place.
 */
export function Reels({
  ref,
  initialStops,
  reduced,
  winning,
  dimmed,
}: {
  ref?: Ref<ReelsHandle>;
  initialStops: readonly number[];
  reduced: boolean;
  /** Cells of the shown win, "reel:row". */
  winning: ReadonlySet<string>;
  dimmed: boolean;
}) {
  const strips = useRef<(HTMLDivElement | null)[]>([]);
  const uses = useRef<(SVGUseElement | null)[][]>(Array.from({ length: SLOT_REELS.length }, () => []));
  const shown = useRef<string[][]>(Array.from({ length: SLOT_REELS.length }, () => []));
  const states = useRef<ReelState[]>(
    initialStops.map((stop) => ({
      s: 0,
      base: stop,
      overrides: new Map(),
      mode: 'idle',
      spinStart: 0,
      spinFrom: 0,
      landAt: 0,
      landFrom: 0,
      landTo: 0,
      landMs: 0,
      stop,
      done: null,
    })),
  );
  const frame = useRef(0);

  const draw = (reel: number) => {
    const state = states.current[reel]!;
    const whole = Math.floor(state.s);
    const frac = state.s - whole;
    const strip = strips.current[reel];
    if (strip) strip.style.transform = `translate3d(0, ${(frac * 100) / CELLS}%, 0)`;
    for (let cell = 0; cell < CELLS; cell += 1) {
      const href = artName(tape(reel, state, whole - (cell - 1)));
      if (shown.current[reel]![cell] !== href) {
        shown.current[reel]![cell] = href;
        uses.current[reel]![cell]?.setAttribute('href', href);
      }
    }
  };

  const settle = (reel: number) => {
    const state = states.current[reel]!;
    // Renumber the tape so the stop is position 0 again: no override is needed any more.
    state.s = 0;
    state.base = state.stop;
    state.overrides.clear();
    state.mode = 'idle';
    draw(reel);
    const done = state.done;
    state.done = null;
    done?.();
  };

  const tick = (now: number) => {
    let running = false;
    states.current.forEach((state, reel) => {
      if (state.mode === 'idle') return;
      running = true;
      if (state.mode === 'spin' || now < state.landAt) {
        state.s = spinPosition(state, now);
      } else {
        if (state.landMs === 0) {
          // The landing starts now: pick the stop a few symbols ahead and write the result there.
          const from = spinPosition(state, now);
          const to = Math.ceil(from + LAND_DISTANCE);
          const strip = SLOT_REELS[reel]!;
          for (let r = -1; r <= SLOT_ROW_COUNT; r += 1)
            state.overrides.set(to - r, strip[mod(state.stop + r, strip.length)]!);
          state.landFrom = from;
          state.landTo = to;
          // Start as fast as the reel was going: easeOutBack's slope at 0 is 3·c3 − 2·c1.
          const slope = 3 * (BACK_OVERSHOOT + 1) - 2 * BACK_OVERSHOOT;
          state.landMs = ((slope * (to - from)) / SPEED) * 1000;
          state.landAt = now;
        }
        const x = Math.min(1, (now - state.landAt) / state.landMs);
        state.s = state.landFrom + (state.landTo - state.landFrom) * easeOutBack(x);
        if (x >= 1) {
          settle(reel);
          return;
        }
      }
      draw(reel);
    });
    frame.current = running ? requestAnimationFrame(tick) : 0;
  };

  const run = () => {
    if (frame.current === 0) frame.current = requestAnimationFrame(tick);
  };

  useEffect(() => {
    states.current.forEach((_, reel) => draw(reel));
    return () => cancelAnimationFrame(frame.current);
    // The reels draw themselves from here on; initialStops is only where they start.
  }, []);

  useImperativeHandle(ref, () => ({
    spin() {
      if (reduced) return;
      const now = performance.now();
      states.current.forEach((state) => {
        if (state.mode !== 'idle') return;
        state.mode = 'spin';
        state.spinStart = now;
        state.spinFrom = state.s;
        state.landMs = 0;
      });
      run();
    },
    land(stops, options = {}) {
      const now = performance.now();
      const promises = states.current.map(
        (state, reel) =>
          new Promise<void>((resolve) => {
            state.stop = stops[reel]!;
            state.done = () => {
              options.onReelStop?.(reel);
              resolve();
            };
            if (reduced || state.mode === 'idle') {
              state.mode = 'land';
              settle(reel);
              return;
            }
            const suspense =
              options.slowFrom != null && reel >= options.slowFrom ? (reel - options.slowFrom + 1) * SUSPENSE_MS : 0;
            state.mode = 'land';
            state.landMs = 0;
            state.landAt = Math.max(now, state.spinStart + MIN_SPIN_MS) + reel * STAGGER_MS + suspense;
          }),
      );
      run();
      return Promise.all(promises).then(() => undefined);
    },
  }));

  return (
    <div className={`isla-reels${dimmed ? ' isla-reels--dim' : ''}`} data-testid="slot-reels">
      {SLOT_REELS.map((_, reel) => (
        <div key={reel} className="isla-reel" data-testid="slot-reel">
          <div
            className="isla-reel__strip"
            ref={(node) => {
              strips.current[reel] = node;
            }}
          >
            {Array.from({ length: CELLS }, (_, cell) => {
              const row = cell - 1;
              const win = row >= 0 && winning.has(`${reel}:${row}`);
              return (
                <div key={cell} className={`isla-cell${win ? ' isla-cell--win' : ''}`} data-row={row}>
                  <svg viewBox="0 0 100 100" className="isla-cell__art" aria-hidden="true" focusable="false">
                    <use
                      ref={(node) => {
                        uses.current[reel]![cell] = node;
                      }}
                    />
                  </svg>
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
