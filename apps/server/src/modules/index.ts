import type { ServerModule } from '../platform/module';
import { createAccountsModule } from './accounts/module';
import { auditModule } from './audit/module';
import { contentModule } from './content/module';
import { depositsModule } from './deposits/module';
import { feedbackModule } from './feedback/module';
import { gameWalletModule } from './game-wallet/module';
import { providerCredentials } from './game-wallet/service';
import { gamesModule } from './games/module';
import { inboxModule } from './inbox/module';
import { leaderboardsModule } from './leaderboards/module';
import { lotteryModule } from './lottery/module';
import { redRainModule } from './red-rain/module';
import { createInhouseGamesModule } from './inhouse-games/module';
import { operatorModule } from './operator/module';
import { profileModule } from './profile/module';
import { rebatesModule } from './rebates/module';
import { vipModule } from './vip/module';
import { promotionsModule } from './promotions/module';
import { createSettingsModule } from './settings/module';
import { referralsModule } from './referrals/module';
import { siteModule } from './site/module';
import { transfersModule } from './transfers/module';
import { createWalletModule } from './wallet/module';
import { grantTrialMoney } from './wallet/service';
import { webModule } from './web/module';
import { withdrawalFigures } from './withdrawals/service';
import { withdrawalsModule } from './withdrawals/module';

/**
 * Every product area of the server, listed once. The app registers their routes, operator routes
 * and jobs in this order; the seed runs their seeds in it (the demo merchant first); the OpenAPI
 * description takes their tags. A module that needs another's work without importing it (which
 * would make a cycle) is handed it here.
 */
const productModules: readonly ServerModule[] = [
  siteModule,
  auditModule,
  contentModule,
  operatorModule,
  createAccountsModule({ fundTrial: grantTrialMoney }),
  inboxModule,
  createWalletModule({ withdrawals: withdrawalFigures }),
  depositsModule,
  withdrawalsModule,
  transfersModule,
  referralsModule,
  gamesModule,
  gameWalletModule,
  // Our own game server, a provider like any other: it reads its signing secret from the game wallet.
  createInhouseGamesModule({
    providerSecret: async (q, vendorCode) => (await providerCredentials(q, vendorCode))?.secret,
  }),
  lotteryModule,
  feedbackModule,
  profileModule,
  rebatesModule,
  vipModule,
  leaderboardsModule,
  redRainModule,
  promotionsModule,
];

export const serverModules: readonly ServerModule[] = [
  ...productModules,
  createSettingsModule(productModules.flatMap((module) => (module.settings ? [module.settings] : []))),
  // Last: its SPA fallback answers whatever no other module does.
  webModule,
];
