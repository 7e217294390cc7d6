import { WEB_ROUTES } from '@palaro/contract';
import ManualRebateScreen from '../../features/rewards/ManualRebateScreen';
import RebateReportScreen from '../../features/rewards/RebateReportScreen';
import VipBenefitsScreen from '../../features/rewards/VipBenefitsScreen';
import { DateRangeFilter, useInitialRange } from '../../features/reports/components/DateRangeFilter';
import { useLocation } from '../../shared/router';
import '../../features/reports/reports.css';

function RebateReport() {
  return <RebateReportScreen RangeFilter={DateRangeFilter} initialRange={useInitialRange()} />;
}

/**
 * Manual rebate, my rebate and VIP benefits, one lazy chunk for the three routes (each screen by its
 * path). My rebate uses the reports' day-range filter: the app composes the two features here.
 */
export default function Rewards() {
  const { pathname } = useLocation();
  if (pathname.startsWith(WEB_ROUTES.rebateReport)) return <RebateReport />;
  if (pathname.startsWith(WEB_ROUTES.benefits)) return <VipBenefitsScreen />;
  return <ManualRebateScreen />;
}
