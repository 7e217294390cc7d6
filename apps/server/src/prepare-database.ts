import type { Database } from './platform/db/database';
import { bootstrapOperatorCredential } from './modules/operator/service';
import { seedDemoData } from './seed';

/**
 * Brings a database to the state the server needs: migrated, seeded, with operator credentials.
 * Held under the database's start-up lock, so replicas starting at the same moment take turns.
 * Returns the operator token when one was generated (first start, no OPERATOR_TOKEN).
 */
export function prepareDatabase(database: Database, configuredOperatorToken: string | undefined) {
  return database.exclusively(async () => {
    await database.migrate();
    await seedDemoData(database.db);
    return bootstrapOperatorCredential(database.db, configuredOperatorToken);
  });
}
