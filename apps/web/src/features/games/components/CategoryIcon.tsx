import type { ComponentType } from 'react';
import type { GameCategory } from '@palaro/contract';
import {
  BallIcon,
  CardsIcon,
  ChipIcon,
  CrownIcon,
  FishIcon,
  FlameIcon,
  LottoIcon,
  RoosterIcon,
  SlotIcon,
  type IconProps,
} from '../../../shared/ui/icons';
import { spriteIcon } from '../../../shared/ui/frameIcons';

const GamepadIcon = spriteIcon('gamepad');
const TicketIcon = spriteIcon('ticket');

/** The popular-games menu's tabs: HOT and the categories. */
export type PopularTab = 'HOT' | GameCategory;

const ICONS: Record<PopularTab, ComponentType<IconProps>> = {
  HOT: FlameIcon,
  SPORTS: BallIcon,
  ESPORTS: GamepadIcon,
  LIVE: ChipIcon,
  FISH: FishIcon,
  RNG: SlotIcon,
  COCKFIGHT: RoosterIcon,
  PVP: CardsIcon,
  INHOUSE: CrownIcon,
  ELOTT: TicketIcon,
  LOTT: LottoIcon,
};

export function CategoryIcon({ category, ...rest }: IconProps & { category: PopularTab }) {
  const Glyph = ICONS[category];
  return <Glyph {...rest} />;
}
