import { useState } from 'react';
import type { PlayType, TBetTypeView } from '@palaro/contract';
import { initialPlayType, playTabs } from './board';
import { slipTotal, toggledOnSlip, withoutBet, type SlipBet } from './slip';

/**
 * What the player is choosing on the bet section: the board (play type) shown, first the one the
 * launch asked for (`play`), and the slip's bets, which stay when the board changes.
 */
export function useBetSlip(betTypes: readonly TBetTypeView[], play: string | null) {
  const [chosenPlay, setChosenPlay] = useState<PlayType | null>(null);
  const [bets, setBets] = useState<SlipBet[]>([]);
  return {
    playTypes: playTabs(betTypes),
    playType: chosenPlay ?? initialPlayType(betTypes, play),
    choosePlay: setChosenPlay,
    bets,
    total: slipTotal(bets),
    add: (bet: SlipBet) => setBets((current) => [...current, bet]),
    toggle: (bet: SlipBet) => setBets((current) => toggledOnSlip(current, bet)),
    remove: (key: string) => setBets((current) => withoutBet(current, key)),
    clear: () => setBets([]),
  };
}

export type BetSlip = ReturnType<typeof useBetSlip>;
