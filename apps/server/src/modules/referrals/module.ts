import type { ServerModule } from '../../platform/module';
import { REFERRALS_TAG, referralRoutes } from './routes';

/** Invite friends: a member's referral code and the friends it brought; the codes live on members (accounts). */
export const referralsModule: ServerModule = {
  name: 'referrals',
  openApiTag: REFERRALS_TAG,
  routes: (app, ctx) => referralRoutes(ctx)(app),
};
