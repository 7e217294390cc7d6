import SecurityCenterScreen from '../../features/accounts/SecurityCenterScreen';
import { PayoutAccountsSection } from '../../features/withdraw/components/PayoutAccounts';

/**
 * The security centre shows the withdraw feature's payout accounts. Features never import each
 * other: the app composes them here, and the route table points at this screen.
 */
export default function SecurityCenter() {
  return <SecurityCenterScreen PayoutAccounts={PayoutAccountsSection} />;
}
