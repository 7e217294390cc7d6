import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const webSrc = join(import.meta.dirname, 'apps/web/src');
const webFeatures = readdirSync(join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/meta/**', '.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@palaro/server'],
              message: 'The web app talks to the server only over HTTP, through the contract.',
            },
            {
              group: ['react-router', 'react-router-dom'],
              message: 'The app has its own router: src/shared/router (docs/ARCHITECTURE.md, "Web performance").',
            },
            {
              group: ['@tanstack/*'],
              message: 'The app has its own query layer: src/shared/query (docs/ARCHITECTURE.md, "Web performance").',
            },
          ],
        },
      ],
    },
  },
  // The web app's boundaries (docs/ARCHITECTURE.md, "The web app"): a feature imports only itself,
  // shared/ and the contract; shared/ imports no feature and not app/; only app/ composes features.
  // Each folder under features/ gets its zone, so a new feature is covered without editing this.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: join(webSrc, 'features', feature),
              from: join(webSrc, 'features'),
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move what both need to src/shared, or compose them in src/app.',
            })),
            {
              target: join(webSrc, 'features'),
              from: join(webSrc, 'app'),
              message: 'Features do not reach into src/app: what they need lives in src/shared.',
            },
            {
              target: join(webSrc, 'shared'),
              from: [join(webSrc, 'features'), join(webSrc, 'app')],
              message: 'src/shared imports no feature and nothing of src/app.',
            },
          ],
        },
      ],
    },
  },
  // The server's boundaries (docs/ARCHITECTURE.md, "Dependency direction"): the platform imports no
  // module; a module touches only its own tables (another's store or schema, except for types and a
  // schema's foreign keys); no import cycles, so no two modules depend on each other. Tests may read
  // any table to check what happened.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/app', '**/seed', '**/test-app', '**/main'],
              message: 'The platform imports no module and not the app: modules register with it (platform/module.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts', '**/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/store', '../*/schema', '../../*/store', '../../*/schema'],
              allowTypeImports: true,
              message: "A module never reads or writes another module's tables: call that module's service.",
            },
          ],
        },
      ],
    },
  },
  // A module's SQL is in its store (store.ts, or store/<topic>.ts when large) and its tables in
  // schema.ts: only those import drizzle, so every query of an area is found in one place and the
  // rest of the module holds its rules (docs/STYLE.md, "The server module"). Type imports too: a
  // type of drizzle's outside the store means SQL is being put together there.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts', '**/schema.ts', '**/store.ts', '**/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message:
                "Queries belong in the module's store (store.ts or store/<topic>.ts): call a store function from here.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@palaro/server', '@palaro/web'],
              message: 'The contract is a leaf: it imports from no app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message:
            "vi.waitFor gives up after 1 s, too soon on a busy machine: use Testing Library's waitFor, whose time-out the test setup sets for a busy machine.",
        },
      ],
    },
  },
);
