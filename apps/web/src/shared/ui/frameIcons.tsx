import type { ReactNode, SVGProps } from 'react';
import sprite from './icons.svg?no-inline';

/*
 * The icons drawn before the first screen's data (the frame: header, bottom menu, language
 * picker, back button, toast; and home's first screen: its service column, notice marquee,
 * pop-ups and download bar). The start-up chunk carries this module whole, so it holds those and
 * no others. Screens import every icon from ./icons, which re-exports these.
 */

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The 24-unit grid, 1.8 stroke outline every icon of the app is drawn on. */
export function Icon({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor"
      strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}
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
  return (p: IconProps) => <Icon {...p}><use href={href} /></Icon>;
}

export const HomeIcon = (p: IconProps) => (
  <Icon {...p}><path d="M3.5 10.6 12 3.8l8.5 6.8" /><path d="M5.5 9.2V19a1.5 1.5 0 0 0 1.5 1.5h3.3v-5.3h3.4v5.3H17a1.5 1.5 0 0 0 1.5-1.5V9.2" /></Icon>
);
export const GiftIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3.5" y="8" width="17" height="4" rx="1" /><path d="M5 12v7a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-7M12 8v12.5" /><path d="M12 8c-1.2-2.8-3-4.4-4.6-4-1.4.4-1.4 2.6.2 3.4 1 .5 2.6.6 4.4.6ZM12 8c1.2-2.8 3-4.4 4.6-4 1.4.4 1.4 2.6-.2 3.4-1 .5-2.6.6-4.4.6Z" /></Icon>
);
export const WalletIcon = (p: IconProps) => (
  <Icon {...p}><path d="M18.5 7.5V6a1.5 1.5 0 0 0-1.5-1.5H5.5a2 2 0 0 0 0 4" /><path d="M3.5 6.5v11a2 2 0 0 0 2 2h13a1.5 1.5 0 0 0 1.5-1.5v-8A1.5 1.5 0 0 0 18.5 8.5h-13a2 2 0 0 1-2-2Z" /><path d="M16 14.2h.01" strokeWidth={2.6} /></Icon>
);
export const TelegramIcon = (p: IconProps) => (
  <Icon {...p}><path d="M20.8 4.2 2.9 11.1c-.8.3-.8 1.4 0 1.7l4.3 1.5 1.7 5.2c.2.7 1.1.9 1.6.4l2.5-2.4 4.5 3.3c.6.4 1.4.1 1.6-.6l3-14.4c.2-.9-.6-1.6-1.3-1.3Z" /><path d="m7.3 14.3 9.6-6.6-7 7.6" /></Icon>
);
export const UserIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="8.2" r="3.8" /><path d="M4.5 20c.9-3.6 3.9-5.7 7.5-5.7s6.6 2.1 7.5 5.7" /></Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4 7h16M4 12h16M4 17h10" /></Icon>
);
export const BackIcon = (p: IconProps) => (
  <Icon {...p}><path d="M15 4.5 7.5 12l7.5 7.5" /></Icon>
);
export const GlobeIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="8.5" /><path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5S9.7 5.9 12 3.5Z" /></Icon>
);
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}><path d="m5 12.5 4.5 4.5L19 7.5" /></Icon>
);
export const SpeakerIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4 9.5v5a1 1 0 0 0 1 1h2.5l5.2 3.9c.5.4 1.3 0 1.3-.7V5.3c0-.7-.8-1.1-1.3-.7L7.5 8.5H5a1 1 0 0 0-1 1Z" /><path d="M17.5 9a4.5 4.5 0 0 1 0 6M19.8 6.5a8 8 0 0 1 0 11" /></Icon>
);
export const MailIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3" y="5.5" width="18" height="13" rx="2" /><path d="m3.8 7 8.2 6 8.2-6" /></Icon>
);
export const HeadsetIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" /><rect x="3.5" y="13" width="4" height="6" rx="1.5" /><rect x="16.5" y="13" width="4" height="6" rx="1.5" /><path d="M18.5 19c0 1.4-1.6 2-4.5 2" /></Icon>
);
export const ChatIcon = (p: IconProps) => (
  <Icon {...p}><path d="M20.5 11.5c0 4.1-3.8 7.5-8.5 7.5-1.2 0-2.3-.2-3.3-.6L4 20l1.2-3.7A7 7 0 0 1 3.5 11.5C3.5 7.4 7.3 4 12 4s8.5 3.4 8.5 7.5Z" /><path d="M8.5 11.5h.01M12 11.5h.01M15.5 11.5h.01" strokeWidth={2.6} /></Icon>
);
export const UsersIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="9" cy="8.5" r="3.3" /><path d="M2.8 19.5c.7-3.2 3.1-5 6.2-5s5.5 1.8 6.2 5" /><path d="M15.5 5.4a3.2 3.2 0 0 1 0 6.2M17.5 14.7c2 .6 3.3 2.2 3.7 4.8" /></Icon>
);
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}><path d="M6 6l12 12M18 6 6 18" /></Icon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}><path d="m9.5 6 6 6-6 6" /></Icon>
);
