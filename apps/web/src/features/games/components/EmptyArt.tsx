// The empty state's art as a module of its own for PopularGames to load on demand: imported
// dynamically, a chunk other screens share would need a namespace object built by the bundler's
// runtime, which then becomes a chunk every page loads.
export { EmptyInboxArt as default } from '../../../shared/ui/emptyInboxArt';
