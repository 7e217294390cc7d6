import { useState } from 'react';
import HomeScreen from '../../features/home/HomeScreen';
import { useMemberParts } from '../layout/useMemberParts';
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
  // A member's unread count, from the member-only chunk: a guest's home loads none of its code.
  const memberParts = useMemberParts();
  const [unreadCount, setUnreadCount] = useState(0);
  return (
    <>
      <HomeScreen hotMatches={<HotMatches />} games={<PopularGames />} unreadCount={memberParts ? unreadCount : 0} />
      {memberParts ? <memberParts.UnreadCountSource onCount={setUnreadCount} /> : null}
    </>
  );
}
