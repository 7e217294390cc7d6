import { spriteIcon } from './frameIcons';

// The frame's icons live in ./frameIcons (start-up code), re-exported here; the header menu's in
// ./menuIcons and the accounts screens' in ./accountIcons. The others' shapes are in ./icons.svg.
export {
  Icon,
  type IconProps,
  BackIcon,
  CheckIcon,
  ChevronRightIcon,
  CloseIcon,
  HeadsetIcon,
  HomeIcon,
  MailIcon,
  SpeakerIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from './frameIcons';

export const ChevronDownIcon = spriteIcon('chevron-down');

/* Game category icons: two-tone, drawn on a 24 grid, gold stroke with a soft fill. */
export const FlameIcon = spriteIcon('flame');
export const BallIcon = spriteIcon('ball');
export const ChipIcon = spriteIcon('chip');
export const FishIcon = spriteIcon('fish');
export const SlotIcon = spriteIcon('slot');
export const CardsIcon = spriteIcon('cards');
export const CrownIcon = spriteIcon('crown');
export const RoosterIcon = spriteIcon('rooster');
export const LottoIcon = spriteIcon('lotto');
