import { Icon, type IconProps } from './frameIcons';
import sprite from './icons.svg?no-inline';

/*
 * The icons drawn after the first paint are symbols of one SVG file (./icons.svg) rather than
 * JavaScript: the file is fetched once, as the first of them shows, and cached apart from the
 * code (a release that changes no icon keeps it). Each keeps the frame's <svg> (size, stroke,
 * colour and the props a screen passes), which the symbol's shapes inherit through <use>.
 * The frame's own icons stay in ./frameIcons: they are drawn with the first paint.
 */
export function spriteIcon(id: string) {
  const href = `${sprite}#${id}`;
  return (p: IconProps) => <Icon {...p}><use href={href} /></Icon>;
}
