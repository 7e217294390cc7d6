import { defineConfig } from 'drizzle-kit';

/**
 * Every table lives in a `schema.ts`: a module's own (`modules/<x>/schema.ts`) or a platform
 * service's (`platform/<x>/schema.ts`: the audit log, the job scheduler). A new module's tables are
 * picked up without editing this file.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
