import type { ServerModule } from '../../platform/module';
import * as tables from './schema';

/** The audit log: other modules record through `recordAudit` (service.ts), in their own transaction. */
export const auditModule: ServerModule = { name: 'audit', tables };
