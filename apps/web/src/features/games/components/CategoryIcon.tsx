import type { ComponentType } from 'react';
import type { GameCategory } from '@palaro/contract';
import {
  BallIcon, CardsIcon, ChipIcon, CrownIcon, FishIcon, FlameIcon, Icon, LottoIcon, RoosterIcon, SlotIcon, type IconProps,
} from '../../../shared/ui/icons';

const GamepadIcon = (p: IconProps) => (
  <Icon {...p}><path d="M7.5 7.5h9a4.5 4.5 0 0 1 4.4 5.4l-.8 4a2.3 2.3 0 0 1-3.9 1.1l-2-2.1h-4.4l-2 2.1a2.3 2.3 0 0 1-3.9-1.1l-.8-4a4.5 4.5 0 0 1 4.4-5.4Z" /><path d="M8 10.5v3M6.5 12h3" /><path d="M15.5 11h.01M17.5 13h.01" strokeWidth={2.6} /></Icon>
);
const TicketIcon = (p: IconProps) => (
  <Icon {...p}><path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5v2a2.5 2.5 0 0 0 0 5v2a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5v-2a2.5 2.5 0 0 0 0-5Z" /><path d="m13 8.5-2.5 3.8h3L11 16" /></Icon>
);

/** The popular-games menu's tabs: HOT and the categories. */
export type PopularTab = 'HOT' | GameCategory;

const ICONS: Record<PopularTab, ComponentType<IconProps>> = {
  HOT: FlameIcon, SPORTS: BallIcon, ESPORTS: GamepadIcon, LIVE: ChipIcon, FISH: FishIcon, RNG: SlotIcon,
  COCKFIGHT: RoosterIcon, PVP: CardsIcon, INHOUSE: CrownIcon, ELOTT: TicketIcon, LOTT: LottoIcon,
};

export function CategoryIcon({ category, ...rest }: IconProps & { category: PopularTab }) {
  const Glyph = ICONS[category];
  return <Glyph {...rest} />;
}
