import { lazy, Suspense } from 'react';
import HomeScreen from '../../features/home/HomeScreen';
import { Skeleton } from '../../shared/ui/Skeleton';

/* The games blocks come as one chunk of their own, asked for when home first renders: the banner
   (the largest paint) never waits for them. */
const loadGameBlocks = () => import('../../features/games/components/HomeGameBlocks');
const HotMatches = lazy(() => loadGameBlocks().then((blocks) => ({ default: blocks.HotMatches })));
const PopularGames = lazy(() => loadGameBlocks().then((blocks) => ({ default: blocks.PopularGames })));

/** The boxes the blocks take while their chunk loads: the carousel's height, the menu and the tiles to come. */
function HotMatchesPlaceholder() {
  return <Skeleton height={76} radius={20} />;
}

const PLACEHOLDER_TABS = 5;
/** As many as the block shows (POPULAR_TILES): the footer stays below the first screen until the tiles come. */
const PLACEHOLDER_TILES = 12;

function PopularGamesPlaceholder() {
  return (
    <div aria-busy="true">
      <div style={{ display: 'flex', gap: 8, overflow: 'hidden', padding: '2px 0 4px' }}>
        {Array.from({ length: PLACEHOLDER_TABS }, (_, index) => <Skeleton key={index} width={72} height={68} radius={14} style={{ flex: 'none' }} />)}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '12px 10px', marginTop: 12 }}>
        {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
          <div key={index} style={{ display: 'grid', gap: 6 }}>
            <Skeleton height="auto" radius={14} style={{ aspectRatio: '1' }} />
            <Skeleton height={12} width="80%" radius={6} />
            <Skeleton height={10} width="50%" radius={6} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Home is made of two features: home's own frame (banners, notices, service column, pop-ups)
 * and the games' blocks, which home shows where the spec puts them without importing them.
 */
export default function Home() {
  return (
    <HomeScreen
      hotMatches={<Suspense fallback={<HotMatchesPlaceholder />}><HotMatches /></Suspense>}
      games={<Suspense fallback={<PopularGamesPlaceholder />}><PopularGames /></Suspense>}
    />
  );
}
