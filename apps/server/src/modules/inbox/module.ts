import type { ServerModule } from '../../platform/module';
import * as tables from './schema';

/**
 * The member's inbox: what happened to their money (a deposit credited, a withdrawal paid…), written
 * by the other modules through `notifyMember` in the transaction of the change. Its screens come
 * with the inbox issue.
 */
export const inboxModule: ServerModule = { name: 'inbox', tables };
