import { Icon, type IconProps } from './frameIcons';

/* Icons of the accounts screens: same 24 grid and stroke as icons.tsx. */
export const LockIcon = (p: IconProps) => (
  <Icon {...p}><rect x="5" y="10.5" width="14" height="10" rx="2.2" /><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" /><path d="M12 14.5v2.5" /></Icon>
);
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}><rect x="6.5" y="2.8" width="11" height="18.4" rx="2.4" /><path d="M10.5 18h3" /></Icon>
);
export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}><path d="M12 3 19.5 6v5.5c0 4.6-3.1 8-7.5 9.5-4.4-1.5-7.5-4.9-7.5-9.5V6Z" /><path d="m8.8 12 2.2 2.2 4.4-4.4" /></Icon>
);
export const KeyIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="8" cy="15" r="4.5" /><path d="m11.3 11.7 8.2-8.2M16.5 6.5l2.5 2.5M14.5 8.5l2 2" /></Icon>
);
export const CogIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="3" /><path d="M12 2.8v2.4M12 18.8v2.4M2.8 12h2.4M18.8 12h2.4M5.5 5.5l1.7 1.7M16.8 16.8l1.7 1.7M5.5 18.5l1.7-1.7M16.8 7.2l1.7-1.7" /><circle cx="12" cy="12" r="6.3" /></Icon>
);
export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}><path d="M12 3.5v11M7.5 10.5l4.5 4.5 4.5-4.5" /><path d="M4.5 16.5v2a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-2" /></Icon>
);
export const DocIcon = (p: IconProps) => (
  <Icon {...p}><path d="M6.5 3.5h8l4 4v12a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1v-15a1 1 0 0 1 1-1Z" /><path d="M14.5 3.5v4h4M8.5 12h7M8.5 15.5h7" /></Icon>
);
export const ChartIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4 20h16" /><rect x="5.5" y="12" width="3" height="6" rx="1" /><rect x="10.5" y="7" width="3" height="11" rx="1" /><rect x="15.5" y="10" width="3" height="8" rx="1" /></Icon>
);
export const TransferIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4.5 8.5h14M15 5l3.5 3.5L15 12" /><path d="M19.5 15.5h-14M9 12l-3.5 3.5L9 19" /></Icon>
);
export const TrophyIcon = (p: IconProps) => (
  <Icon {...p}><path d="M7.5 4h9v5a4.5 4.5 0 0 1-9 0Z" /><path d="M7.5 5.5H4.5v1a3.5 3.5 0 0 0 3.3 3.5M16.5 5.5h3v1a3.5 3.5 0 0 1-3.3 3.5M12 13.5v3.5M8.5 20.5h7M9.5 17h5v3.5h-5Z" /></Icon>
);
export const CoinsIcon = (p: IconProps) => (
  <Icon {...p}><ellipse cx="9" cy="7" rx="5.5" ry="2.5" /><path d="M3.5 7v4c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5V7" /><path d="M9.5 15.5c.5 1.2 2.8 2 5.5 2 3 0 5.5-1.1 5.5-2.5v-4c0-1.4-2.5-2.5-5.5-2.5" /><path d="M20.5 15v3.5c0 1.4-2.5 2.5-5.5 2.5s-5.5-1.1-5.5-2.5v-3" /></Icon>
);
export const PercentIcon = (p: IconProps) => (
  <Icon {...p}><path d="M18.5 5.5 5.5 18.5" /><circle cx="7.5" cy="7.5" r="2.5" /><circle cx="16.5" cy="16.5" r="2.5" /></Icon>
);
export const FeedbackIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4.5 5.5h15a1 1 0 0 1 1 1v9.5a1 1 0 0 1-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1Z" /><path d="M8 10h8M8 13h5" /></Icon>
);
export const AgencyIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3.5" y="7.5" width="17" height="12" rx="2" /><path d="M9 7.5V5.5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5.5v2M3.5 12.5h17M11 12.5v2h2v-2" /></Icon>
);
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" /></Icon>
);
export const DeviceIcon = (p: IconProps) => (
  <Icon {...p}><rect x="3.5" y="5" width="12" height="9.5" rx="1.5" /><path d="M6.5 18h6M9.5 14.5V18" /><rect x="16.5" y="8" width="4.5" height="11" rx="1.2" /></Icon>
);
export const PlayIcon = (p: IconProps) => (
  <Icon {...p}><circle cx="12" cy="12" r="8.5" /><path d="M10 8.8v6.4l5-3.2Z" fill="currentColor" /></Icon>
);
export const RefreshSmallIcon = (p: IconProps) => (
  <Icon {...p}><path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3L19.5 9" /><path d="M19.5 4.5V9H15" /></Icon>
);
export const StarIcon = (p: IconProps) => (
  <Icon {...p}><path d="m12 3.8 2.5 5.2 5.6.7-4.1 3.9 1 5.6-5-2.7-5 2.7 1-5.6-4.1-3.9 5.6-.7Z" /></Icon>
);
export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}><path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.5v3h2.7V21" /></Icon>
);
export const GoogleIcon = (p: IconProps) => (
  <Icon {...p}><path d="M20.5 12.2c0-.6-.1-1.2-.2-1.7H12v3.3h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.6-1.5 2.6-3.8 2.6-6.5Z" /><path d="M12 21c2.4 0 4.4-.8 5.9-2.2L15 16.5c-.8.5-1.8.9-3 .9a5.3 5.3 0 0 1-5-3.6H4v2.3A9 9 0 0 0 12 21Z" /><path d="M7 13.8a5.2 5.2 0 0 1 0-3.5V8H4a9 9 0 0 0 0 8.1Z" /><path d="M12 6.6c1.3 0 2.5.5 3.4 1.3L18 5.4A9 9 0 0 0 4 8l3 2.3a5.3 5.3 0 0 1 5-3.7Z" /></Icon>
);
