import type { ReactNode, SVGProps } from 'react';
import sprite from './icons.svg?no-inline';

/*
 * The icons drawn before the first screen's data (the frame: header, bottom menu, language
 * picker, back button, toast; and home's first screen: its service column, notice marquee,
 * pop-ups and download bar). Their shapes are symbols in the page itself (index.html, `frame-*`),
 * so they are there in the first paint, the server's frame included, with no request and no
 * JavaScript; this module only draws them. Screens import every icon from ./icons, which
 * re-exports these.
 */

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The 24-unit grid, 1.8 stroke outline every icon of the app is drawn on. */
export function Icon({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/*
 * The icons drawn after the first paint are symbols of one SVG file (./icons.svg) rather than
 * JavaScript: the file is fetched once, as the first of them shows, and cached apart from the
 * code (a release that changes no icon keeps it). Each keeps the frame above (size, stroke, colour
 * and the props a screen passes), which the symbol's shapes inherit through <use>. This helper
 * lives here, in the start-up code, rather than as a chunk of its own every screen would load.
 */
export function spriteIcon(id: string) {
  const href = `${sprite}#${id}`;
  return (p: IconProps) => (
    <Icon {...p}>
      <use href={href} />
    </Icon>
  );
}

/** An icon whose shapes are a symbol of the page (index.html), drawn in the same frame as the others. */
function pageIcon(id: string) {
  const href = `#frame-${id}`;
  return (p: IconProps) => (
    <Icon {...p}>
      <use href={href} />
    </Icon>
  );
}

export const HomeIcon = pageIcon('home');
export const GiftIcon = pageIcon('gift');
export const WalletIcon = pageIcon('wallet');
export const TelegramIcon = pageIcon('telegram');
export const UserIcon = pageIcon('user');
export const MenuIcon = pageIcon('menu');
export const BackIcon = pageIcon('back');
export const GlobeIcon = pageIcon('globe');
export const CheckIcon = pageIcon('check');
export const SpeakerIcon = pageIcon('speaker');
export const MailIcon = pageIcon('mail');
export const HeadsetIcon = pageIcon('headset');
export const ChatIcon = pageIcon('chat');
export const UsersIcon = pageIcon('users');
export const CloseIcon = pageIcon('close');
export const ChevronRightIcon = pageIcon('chevron-right');
