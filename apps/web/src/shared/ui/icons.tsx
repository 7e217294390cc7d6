import { Icon, type IconProps } from './frameIcons';

// The frame's icons live in ./frameIcons (start-up code), re-exported here; the header menu's in
// ./menuIcons (its own chunk: not re-exported, or every chunk importing this one would load it).
export { Icon, type IconProps, BackIcon, ChatIcon, CheckIcon, ChevronRightIcon, CloseIcon, GiftIcon, GlobeIcon, HeadsetIcon, HomeIcon, MailIcon, MenuIcon, SpeakerIcon, TelegramIcon, UserIcon, UsersIcon, WalletIcon } from './frameIcons';

export const BellIcon = (p: IconProps) => (
  <Icon {...p}><path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15Z" /><path d="M10 20.5a2.2 2.2 0 0 0 4 0" /></Icon>
);
export const ShareIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="17.5" cy="5.5" r="2.5" /><circle cx="6.5" cy="12" r="2.5" /><circle cx="17.5" cy="18.5" r="2.5" /><path d="m8.7 10.8 6.6-4M8.7 13.2l6.6 4" /></Icon>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}><path d="m6 9.5 6 6 6-6" /></Icon>
);

/* Game category icons: two-tone, drawn on a 24 grid, gold stroke with a soft fill. */
export const FlameIcon = (p: IconProps) => (
  <Icon {...p}><path d="M12 21c-3.9 0-6.5-2.6-6.5-6.2 0-3.3 2.2-5.3 3.6-7.4.5 1.5 1.4 2.5 2.4 2.9C11.6 7 12.6 4.6 15 3c-.3 2.7.8 4.6 2.1 6.3 1 1.3 1.4 2.9 1.4 4.9 0 4-2.7 6.8-6.5 6.8Z" fill="currentColor" fillOpacity=".18" /><path d="M12 21c-1.7 0-2.9-1.2-2.9-2.9 0-1.8 1.4-2.7 2.1-4 .9 1.2 3.7 2.1 3.7 4 0 1.7-1.2 2.9-2.9 2.9Z" /></Icon>
);
export const BallIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="8.5" fill="currentColor" fillOpacity=".14" /><path d="m12 7.8 3.2 2.3-1.2 3.8h-4l-1.2-3.8Z" fill="currentColor" fillOpacity=".5" /><path d="M12 7.8V3.5M15.2 10.1l4.1-1.3M14 13.9l2.5 3.5M10 13.9l-2.5 3.5M8.8 10.1 4.7 8.8" /></Icon>
);
export const ChipIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="8.5" fill="currentColor" fillOpacity=".14" /><circle cx="12" cy="12" r="4.2" /><path d="M12 3.5v3.3M12 17.2v3.3M3.5 12h3.3M17.2 12h3.3M6 6l2.3 2.3M15.7 15.7 18 18M18 6l-2.3 2.3M8.3 15.7 6 18" /></Icon>
);
export const FishIcon = (p: IconProps) => (
  <Icon {...p}><path d="M3 12c2.8-3.8 6.1-5.6 9.6-5.6 3.6 0 6.3 2.2 8.4 5.6-2.1 3.4-4.8 5.6-8.4 5.6-3.5 0-6.8-1.8-9.6-5.6Z" fill="currentColor" fillOpacity=".16" /><path d="M3 12 1.5 8.5M3 12l-1.5 3.5M9.5 7.2c1.2 1.4 1.8 3 1.8 4.8s-.6 3.4-1.8 4.8" /><path d="M16.3 10.6h.01" strokeWidth={2.8} /></Icon>
);
export const SlotIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3" y="5" width="15" height="14" rx="2.5" fill="currentColor" fillOpacity=".14" /><path d="M8 9v6M13 9v6M18 9.5h1.5a1 1 0 0 1 1 1V14M20.5 6.5v3" /><path d="M5.5 12h.01M10.5 12h.01M15.5 12h.01" strokeWidth={2.8} /></Icon>
);
export const CardsIcon = (p: IconProps) => (
  <Icon {...p}><rect x="8.5" y="3.5" width="11" height="15" rx="2" transform="rotate(12 14 11)" fill="currentColor" fillOpacity=".14" /><rect x="4" y="5.5" width="11" height="15" rx="2" fill="currentColor" fillOpacity=".1" /><path d="M9.5 10.5c-1.5 1.4-2.2 2.3-2.2 3.1 0 .9.7 1.5 1.5 1.5.3 0 .6-.1.7-.3.2.2.4.3.7.3.8 0 1.5-.6 1.5-1.5 0-.8-.7-1.7-2.2-3.1Z" fill="currentColor" /></Icon>
);
export const CrownIcon = (p: IconProps) => (
  <Icon {...p}><path d="m3.5 8 4.3 3.6L12 5l4.2 6.6L20.5 8l-1.7 10H5.2Z" fill="currentColor" fillOpacity=".16" /><path d="M5.5 20.5h13" /></Icon>
);
export const RoosterIcon = (p: IconProps) => (
  <Icon {...p}><path d="M9 4.5c.5-1 1.8-1.3 2.4-.4.7-.8 2-.4 2 .7.9 0 1.4 1 .9 1.8l1.2 1.4-1.7.6c.4 2.1-.1 3.2.9 4.3 1.3-1.9 3.2-3.5 5.8-3.9-.5 4.1-2 8.4-6.6 9.5H9.8c-2.6 0-4.3-2.1-4.3-4.6 0-3.2 2.6-4.2 3.2-6.9.2-.9.1-1.7.3-2.5Z" fill="currentColor" fillOpacity=".16" /><path d="M11 21v-2.5M14 21v-2.5M12.2 7.3h.01" strokeWidth={2.2} /></Icon>
);
export const LottoIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="8" cy="14.5" r="4.5" fill="currentColor" fillOpacity=".18" /><circle cx="16" cy="14.5" r="4.5" fill="currentColor" fillOpacity=".1" /><circle cx="12" cy="7.5" r="4.5" fill="currentColor" fillOpacity=".14" /><path d="M11.3 6.3 12.4 5.6v3.8M7.2 13.4c.3-.5.8-.7 1.3-.6.6.1.9.6.7 1.2-.2.5-1.6 1.4-2.1 2.2h2.3" /></Icon>
);
