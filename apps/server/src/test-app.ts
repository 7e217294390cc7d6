import { buildApp } from './app';
import type { PlatformOptions } from './platform/context';
import type { Database } from './platform/db/database';
import type { Logger } from './platform/logger';
import { createTestAppWith, type TestApp } from './platform/testing/test-app';
import { bootstrapOperatorCredential } from './modules/operator/service';
import { seedDemoData } from './seed';

export { TEST_OPERATOR_TOKEN, type TestApp } from './platform/testing/test-app';

/** The whole application (every module) over a fresh seeded database, for tests. */
export function createTestApp(
  env: Record<string, string> = {},
  options: { platform?: PlatformOptions; database?: Database; logger?: Logger } = {},
): Promise<TestApp> {
  return createTestAppWith(
    {
      async prepare(db, operatorToken) {
        await seedDemoData(db.db);
        await bootstrapOperatorCredential(db.db, operatorToken);
      },
      build: (appOptions) => buildApp(appOptions),
    },
    env,
    options,
  );
}
