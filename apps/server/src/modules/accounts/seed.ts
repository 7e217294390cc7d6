import { MEMBER_TYPES } from '@palaro/contract';
import { generateToken } from '../../platform/crypto';
import type { Queryable } from '../../platform/db/database';
import { hashPassword } from '../../platform/password-hashing';
import * as store from './store';

export const DEMO_AGENT_USERNAME = 'demoagent';
export const DEMO_AFFILIATE_CODE = 'PALARO88';

/**
 * The demo agent whose invitation code PALARO88 new members may register under. Its password is
 * random and never shown: nobody signs in as it until an operator sets one (first-time login).
 */
export async function seedDemoAgent(q: Queryable, merchantId: number): Promise<void> {
  let agent = await store.findMemberByUsername(q, merchantId, DEMO_AGENT_USERNAME);
  agent ??= await store.insertMemberIfAbsent(q, {
    merchantId,
    username: DEMO_AGENT_USERNAME,
    passwordHash: await hashPassword(generateToken()),
    type: MEMBER_TYPES.agent,
    nickname: 'Palaro Agent',
    registerMethod: 'H5',
    firstTimeLogin: true,
  });
  await store.insertAffiliateIfAbsent(q, merchantId, DEMO_AFFILIATE_CODE, agent.id);
}
