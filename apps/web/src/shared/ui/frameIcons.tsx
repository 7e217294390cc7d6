import type { ReactNode, SVGProps } from 'react';

/*
 * The icons the app's frame draws before any screen (header, bottom menu, language picker, back
 * button): the start-up chunk carries this module whole, so it holds those and no others.
 * Screens import every icon from ./icons, which re-exports these.
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
