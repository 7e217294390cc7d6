import { WEB_ROUTES } from '@palaro/contract';
import { useLocation } from '../../shared/router';
import ActivityInfoScreen from './ActivityInfoScreen';
import ActivityScreen from './ActivityScreen';
import RewardCentreScreen from './RewardCentreScreen';

const sameRoute = (pathname: string, route: string) =>
  pathname.toLowerCase().replace(/\/$/, '') === route.toLowerCase();

/**
 * The three promotion routes as one lazy chunk (app/routes.tsx names one screen, not three): home's
 * start-up code carries a single entry for them, and the screens share their styles and calls anyway.
 */
export default function PromotionScreens() {
  const { pathname } = useLocation();
  if (sameRoute(pathname, WEB_ROUTES.activityInfo)) return <ActivityInfoScreen />;
  if (sameRoute(pathname, WEB_ROUTES.rewardCenter)) return <RewardCentreScreen />;
  return <ActivityScreen />;
}
