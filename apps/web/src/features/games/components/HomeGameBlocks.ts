/**
 * The games blocks home shows (spec §2: hot matches, the popular-games block), one module so the
 * app loads them as one chunk after home's first paint.
 */
export { HotMatches } from './HotMatches';
export { PopularGames } from './PopularGames';
