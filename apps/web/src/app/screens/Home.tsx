import HomeScreen from '../../features/home/HomeScreen';
import { HotMatches } from '../../features/games/components/HotMatches';
import { PopularGames } from '../../features/games/components/PopularGames';

/**
 * Home is made of two features: home's own frame (banners, notices, service column, pop-ups)
 * and the games' blocks, which home shows where the spec puts them without importing them.
 * The blocks are in home's own chunk: the server draws home's first screen, banner included,
 * before any script runs, so a chunk of their own spared the first paint nothing and cost home
 * ~1.3 KB gzip and a round trip more. Their skeletons hold their boxes while their data loads.
 */
export default function Home() {
  return <HomeScreen hotMatches={<HotMatches />} games={<PopularGames />} />;
}
