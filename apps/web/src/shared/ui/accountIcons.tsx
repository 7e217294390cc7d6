import { spriteIcon } from './frameIcons';

/* Icons of the accounts screens: same 24 grid and stroke as icons.tsx, shapes in ./icons.svg. */
export const LockIcon = spriteIcon('lock');
export const PhoneIcon = spriteIcon('phone');
export const ShieldIcon = spriteIcon('shield');
export const KeyIcon = spriteIcon('key');
export const CogIcon = spriteIcon('cog');
export const DownloadIcon = spriteIcon('download');
export const DocIcon = spriteIcon('doc');
export const ChartIcon = spriteIcon('chart');
export const TransferIcon = spriteIcon('transfer');
export const TrophyIcon = spriteIcon('trophy');
export const CoinsIcon = spriteIcon('coins');
export const PercentIcon = spriteIcon('percent');
export const FeedbackIcon = spriteIcon('feedback');
export const AgencyIcon = spriteIcon('agency');
export const ClockIcon = spriteIcon('clock');
export const DeviceIcon = spriteIcon('device');
export const PlayIcon = spriteIcon('play');
export const StarIcon = spriteIcon('star');
export const FacebookIcon = spriteIcon('facebook');
export const GoogleIcon = spriteIcon('google');
