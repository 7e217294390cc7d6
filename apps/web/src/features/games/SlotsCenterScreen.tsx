import { GameList } from './GameListScreen';

/** /m/slotsCenter: the slots (RNG) list with its providers — the game list of one fixed category. */
export default function SlotsCenterScreen() {
  return <GameList gameType="RNG" />;
}
