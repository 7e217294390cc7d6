import { SYSTEM_API_PATHS } from './system/paths';
import { SESSION_API_PATHS } from './session/paths';
import { ACCOUNT_API_PATHS } from './accounts/paths';
import { WALLET_API_PATHS } from './wallet/paths';
import { MONEY_API_PATHS } from './money/paths';
import { OPERATOR_API_PATHS } from './operator/paths';

export {
  SYSTEM_API_PATHS,
  SESSION_API_PATHS,
  ACCOUNT_API_PATHS,
  WALLET_API_PATHS,
  MONEY_API_PATHS,
  OPERATOR_API_PATHS,
};
export { operatorPath } from './operator/paths';

/**
 * Paths of the API families (DESIGN.md §4), one module per area: a page imports the areas it calls,
 * so the web's start-up chunk holds the calls every page may make (system, session, wallet) and not
 * the screens' or the operator's. Every path, for the server and the screens' own calls.
 */
export const API_PATHS = {
  ...SYSTEM_API_PATHS,
  ...SESSION_API_PATHS,
  ...ACCOUNT_API_PATHS,
  ...WALLET_API_PATHS,
  ...MONEY_API_PATHS,
  ...OPERATOR_API_PATHS,
} as const;
