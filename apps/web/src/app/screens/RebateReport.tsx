import RebateReportScreen from '../../features/rewards/RebateReportScreen';
import { DateRangeFilter, useInitialRange } from '../../features/reports/components/DateRangeFilter';
import '../../features/reports/reports.css';

/** My rebate uses the reports' day-range filter: the app composes the two features here. */
export default function RebateReport() {
  return <RebateReportScreen RangeFilter={DateRangeFilter} initialRange={useInitialRange()} />;
}
