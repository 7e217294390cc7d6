import { useEffect, useRef } from 'react';

interface Sprite {
  x: number;
  y: number;
  speed: number;
  phase: number;
  sway: number;
  spin: number;
  size: number;
}

export interface RainCanvasProps {
  /** Fewer, slower envelopes, without sway or spin (prefers-reduced-motion). */
  reduced: boolean;
  /** A tap on an envelope, at its point in the canvas's CSS pixels. */
  onCatch: (point: { x: number; y: number }) => void;
  label: string;
}

/** One envelope drawn once at the device's pixel ratio, then stamped each frame (drawImage only). */
function envelopeImage(size: number, ratio: number): HTMLCanvasElement {
  const width = Math.round(size * 0.78 * ratio);
  const height = Math.round(size * ratio);
  const image = document.createElement('canvas');
  image.width = width;
  image.height = height;
  const ctx = image.getContext('2d')!;
  const r = width * 0.14;
  const body = ctx.createLinearGradient(0, 0, width, height);
  body.addColorStop(0, '#ff4d4f');
  body.addColorStop(1, '#b3121a');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, r);
  ctx.fill();
  // The flap, inside the envelope's rounded outline.
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(0, 0, width, height, r);
  ctx.clip();
  ctx.fillStyle = '#d81f27';
  ctx.beginPath();
  ctx.moveTo(0, r);
  ctx.quadraticCurveTo(width / 2, height * 0.46, width, r);
  ctx.lineTo(width, 0);
  ctx.lineTo(0, 0);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
  // The gold seal.
  const seal = ctx.createRadialGradient(width / 2, height * 0.4, 1, width / 2, height * 0.42, width * 0.2);
  seal.addColorStop(0, '#fff1b8');
  seal.addColorStop(1, '#e0a82e');
  ctx.fillStyle = seal;
  ctx.beginPath();
  ctx.arc(width / 2, height * 0.42, width * 0.19, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255, 241, 184, 0.55)';
  ctx.lineWidth = Math.max(1, ratio);
  ctx.beginPath();
  ctx.roundRect(ctx.lineWidth, ctx.lineWidth, width - 2 * ctx.lineWidth, height - 2 * ctx.lineWidth, r);
  ctx.stroke();
  return image;
}

/**
 * The falling envelopes: one canvas, one requestAnimationFrame loop, each frame clearing and
 * stamping a pre-drawn envelope per sprite (no DOM or layout work per frame), so it holds 60 fps on
 * a mid-range phone. The canvas's size is read only when it changes (ResizeObserver); taps are
 * hit-tested against the sprites where they are drawn. With reduced motion: a few slow envelopes,
 * straight down.
 */
export function RainCanvas({ reduced, onCatch, label }: RainCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const catchRef = useRef(onCatch);
  useEffect(() => {
    catchRef.current = onCatch;
  });

  useEffect(() => {
    const element = canvas.current!;
    const ctx = element.getContext('2d');
    if (!ctx) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    let width = 0;
    let height = 0;
    let left = 0;
    let top = 0;
    const size = 64;
    const image = envelopeImage(size, ratio);
    const count = reduced ? 6 : 14;
    const sprites: Sprite[] = [];
    const spawn = (sprite: Partial<Sprite> = {}, anywhere = false): Sprite => ({
      x: Math.random() * Math.max(1, width - size * 0.78),
      y: anywhere ? Math.random() * height - size : -size - Math.random() * height * 0.5,
      speed: (reduced ? 45 : 120) + Math.random() * (reduced ? 20 : 110),
      phase: Math.random() * Math.PI * 2,
      sway: reduced ? 0 : 10 + Math.random() * 18,
      spin: reduced ? 0 : (Math.random() - 0.5) * 0.5,
      size: size * (0.85 + Math.random() * 0.3),
      ...sprite,
    });

    const measure = () => {
      const rect = element.getBoundingClientRect();
      width = rect.width;
      height = rect.height;
      left = rect.left;
      top = rect.top;
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
    };
    measure();
    for (let i = 0; i < count; i += 1) sprites.push(spawn({}, true));
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    const onScroll = () => {
      const rect = element.getBoundingClientRect();
      left = rect.left;
      top = rect.top;
    };
    window.addEventListener('scroll', onScroll, { passive: true });

    let frame = 0;
    let last = performance.now();
    let time = 0;
    const draw = (now: number) => {
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      time += dt;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, element.width, element.height);
      for (let i = 0; i < sprites.length; i += 1) {
        const sprite = sprites[i]!;
        sprite.y += sprite.speed * dt;
        if (sprite.y > height + 10) sprites[i] = spawn();
        const x = sprite.x + Math.sin(time * 1.6 + sprite.phase) * sprite.sway;
        const angle = Math.sin(time * 1.2 + sprite.phase) * sprite.spin;
        const scale = (sprite.size / size) * ratio;
        ctx.setTransform(
          Math.cos(angle) * scale,
          Math.sin(angle) * scale,
          -Math.sin(angle) * scale,
          Math.cos(angle) * scale,
          x * ratio,
          sprite.y * ratio,
        );
        ctx.drawImage(image, 0, 0, image.width / ratio, image.height / ratio);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);

    const onPointer = (event: PointerEvent) => {
      const px = event.clientX - left;
      const py = event.clientY - top;
      let best = -1;
      let bestDistance = Infinity;
      sprites.forEach((sprite, index) => {
        const cx = sprite.x + Math.sin(time * 1.6 + sprite.phase) * sprite.sway + sprite.size * 0.39;
        const cy = sprite.y + sprite.size / 2;
        const distance = Math.hypot(px - cx, py - cy);
        if (distance < sprite.size * 0.75 && distance < bestDistance) {
          best = index;
          bestDistance = distance;
        }
      });
      if (best < 0) return;
      sprites[best] = spawn();
      catchRef.current({ x: px, y: py });
    };
    element.addEventListener('pointerdown', onPointer);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      window.removeEventListener('scroll', onScroll);
      element.removeEventListener('pointerdown', onPointer);
    };
  }, [reduced]);

  return <canvas ref={canvas} className="rr-canvas" role="img" aria-label={label} data-testid="rain-canvas" />;
}
