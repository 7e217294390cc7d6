import { useCallback, useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from '../../../shared/lib/storage';

/**
 * The in-house games' sounds, synthesised with WebAudio (no sound files): short envelopes on
 * oscillators and filtered noise. Off until the player turns sound on (remembered on this device);
 * the AudioContext is made on that tap, which is what lets iOS Safari play it.
 */
export type SoundName =
  'tap' | 'spin' | 'reelStop' | 'win' | 'bigWin' | 'tick' | 'freeSpins' | 'gem' | 'mine' | 'cashOut' | 'refused';

const SOUND_KEY = 'palaro.inhouse.sound';
const CHANGED_EVENT = 'palaro:inhouse-sound-changed';

export function isSoundOn(): boolean {
  return readLocal(SOUND_KEY) === 'on';
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGED_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGED_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

let context: AudioContext | null = null;
let master: GainNode | null = null;
let noise: AudioBuffer | null = null;

function audio(): { ctx: AudioContext; out: GainNode } | null {
  if (typeof window === 'undefined') return null;
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    try {
      context = new Context();
    } catch {
      return null;
    }
    master = context.createGain();
    master.gain.value = 0.5;
    master.connect(context.destination);
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return { ctx: context, out: master! };
}

function noiseBuffer(ctx: AudioContext): AudioBuffer {
  if (noise) return noise;
  noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
  return noise;
}

/** One tone: attack 5 ms, exponential decay over `length` seconds. */
function tone(
  ctx: AudioContext,
  out: AudioNode,
  {
    at = 0,
    freq,
    to,
    length,
    type = 'sine',
    volume = 0.3,
  }: {
    at?: number;
    freq: number;
    to?: number;
    length: number;
    type?: OscillatorType;
    volume?: number;
  },
) {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(out);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** Filtered noise: a whoosh (band-pass sweep) or a burst (low-pass falling). */
function hiss(
  ctx: AudioContext,
  out: AudioNode,
  {
    at = 0,
    length,
    from,
    to,
    type = 'bandpass',
    volume = 0.25,
  }: {
    at?: number;
    length: number;
    from: number;
    to: number;
    type?: BiquadFilterType;
    volume?: number;
  },
) {
  const start = ctx.currentTime + at;
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(from, start);
  filter.frequency.exponentialRampToValueAtTime(to, start + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + length * 0.2);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  source.connect(filter).connect(gain).connect(out);
  source.start(start);
  source.stop(start + length + 0.02);
}

const PENTATONIC = [523.25, 587.33, 659.25, 783.99, 880, 1046.5, 1174.66, 1318.51];

const SOUNDS: Record<SoundName, (ctx: AudioContext, out: AudioNode) => void> = {
  tap: (ctx, out) => tone(ctx, out, { freq: 660, to: 520, length: 0.06, type: 'triangle', volume: 0.15 }),
  spin: (ctx, out) => hiss(ctx, out, { length: 0.45, from: 400, to: 2400, volume: 0.18 }),
  reelStop: (ctx, out) => {
    tone(ctx, out, { freq: 150, to: 70, length: 0.14, volume: 0.35 });
    hiss(ctx, out, { length: 0.05, from: 3000, to: 1500, type: 'highpass', volume: 0.08 });
  },
  win: (ctx, out) =>
    [0, 2, 4].forEach((step, i) =>
      tone(ctx, out, { at: i * 0.09, freq: PENTATONIC[step]!, length: 0.35, type: 'triangle', volume: 0.22 }),
    ),
  bigWin: (ctx, out) =>
    [0, 2, 4, 5, 7, 5, 7].forEach((step, i) =>
      tone(ctx, out, { at: i * 0.1, freq: PENTATONIC[step]!, length: 0.45, type: 'triangle', volume: 0.22 }),
    ),
  tick: (ctx, out) => tone(ctx, out, { freq: 1800, length: 0.03, type: 'square', volume: 0.04 }),
  freeSpins: (ctx, out) => {
    PENTATONIC.forEach((freq, i) => tone(ctx, out, { at: i * 0.06, freq, length: 0.3, type: 'sine', volume: 0.18 }));
    hiss(ctx, out, { length: 0.8, from: 2000, to: 8000, type: 'highpass', volume: 0.05 });
  },
  gem: (ctx, out) => {
    tone(ctx, out, { freq: 880, to: 1320, length: 0.18, type: 'sine', volume: 0.25 });
    tone(ctx, out, { at: 0.05, freq: 1760, length: 0.2, type: 'sine', volume: 0.1 });
  },
  mine: (ctx, out) => {
    hiss(ctx, out, { length: 0.7, from: 3000, to: 120, type: 'lowpass', volume: 0.5 });
    tone(ctx, out, { freq: 90, to: 35, length: 0.6, volume: 0.5 });
  },
  cashOut: (ctx, out) =>
    [1318.51, 1567.98, 2093].forEach((freq, i) =>
      tone(ctx, out, { at: i * 0.07, freq, length: 0.22, type: 'square', volume: 0.07 }),
    ),
  refused: (ctx, out) => tone(ctx, out, { freq: 220, to: 160, length: 0.2, type: 'sawtooth', volume: 0.08 }),
};

/** Plays a sound if the player turned sound on; never throws (no audio device, a blocked context). */
export function playSound(name: SoundName): void {
  if (!isSoundOn()) return;
  const a = audio();
  if (!a) return;
  try {
    SOUNDS[name](a.ctx, a.out);
  } catch {
    /* a browser without one of the nodes: stay silent */
  }
}

/** The sound switch: its state (remembered) and its toggle, which also unlocks audio on this tap. */
export function useSoundSwitch(): [boolean, () => void] {
  const on = useSyncExternalStore(subscribe, isSoundOn, () => false);
  const toggle = useCallback(() => {
    const next = !isSoundOn();
    writeLocal(SOUND_KEY, next ? 'on' : 'off');
    window.dispatchEvent(new Event(CHANGED_EVENT));
    if (next) playSound('tap');
  }, []);
  return [on, toggle];
}
