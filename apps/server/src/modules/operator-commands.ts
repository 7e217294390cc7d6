import type { OperatorCommand } from '../admin/command';
import { jobCommands } from '../platform/jobs/commands';
import { contentCommands } from './content/commands';
import { depositCommands } from './deposits/commands';
import { feedbackCommands } from './feedback/commands';
import { gameWalletCommands } from './game-wallet/commands';
import { gameCommands } from './games/commands';
import { inboxCommands } from './inbox/commands';
import { leaderboardCommands } from './leaderboards/commands';
import { lotteryCommands } from './lottery/commands';
import { redRainCommands } from './red-rain/commands';
import { promotionCommands } from './promotions/commands';
import { merchantCommands, operatorCredentialCommands } from './operator/commands';
import { rebateCommands } from './rebates/commands';
import { walletSettingsCommands } from './settings/commands';
import { vipCommands } from './vip/commands';
import { turnoverCommands } from './wallet/commands';
import { withdrawalCommands } from './withdrawals/commands';

/**
 * Every command of `npm run admin`, in the order of its help text. A list of its own rather than a
 * field of `ServerModule`: the command line is a small HTTP client, and `modules/index.ts` would
 * load every module's routes, services and tables into it.
 */
export const operatorCommands: readonly OperatorCommand[] = [
  ...merchantCommands,
  ...walletSettingsCommands,
  ...depositCommands,
  ...withdrawalCommands,
  ...turnoverCommands,
  ...inboxCommands,
  ...jobCommands,
  ...gameCommands,
  ...gameWalletCommands,
  ...lotteryCommands,
  ...feedbackCommands,
  ...rebateCommands,
  ...vipCommands,
  ...promotionCommands,
  ...operatorCredentialCommands,
  ...contentCommands,
  ...leaderboardCommands,
  ...redRainCommands,
];
