// @ts-check
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Another feature's internals are off limits: go through its index.ts. Its query keys
// (`query-keys.ts`) are public too: a module that only marks another feature's queries stale
// imports them alone, without the pages behind that feature's index.
const featureRoots = [
  'apps/api/src/features',
  'apps/web/src/features',
  // Planted features that scripts/lint.test.ts lints on purpose.
  'scripts/lint-fixtures/features',
];
const featureZones = featureRoots.flatMap((root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      target: `./${root}/${d.name}/**/*`,
      from: `./${root}/!(${d.name})/**/!(index|query-keys).{ts,tsx}`,
      message:
        'Import another feature through its index.ts (or its query-keys.ts), not its internals.',
    })),
);

// A feature's repository (its queries) stays inside the feature: other features read through
// its services. An import from a `*.repository.ts` may not leave the file that made it by an
// export: not `export … from` it, not `export { name }` of what was imported, not
// `export const x = name`. Repositories may pass each other's functions on (a feature may split
// its queries over several files), and a type (a row's shape) may be passed on.
const REPOSITORY = /(^|\/)[^/]*\.repository(\.ts)?$/;
/** @type {import('eslint').Rule.RuleModule} */
const noRepositoryReexport = {
  meta: {
    type: 'problem',
    messages: {
      reexport:
        'A repository stays inside its feature: export a service function that uses it instead.',
    },
    schema: [],
  },
  create(context) {
    if (REPOSITORY.test(context.filename.replace(/\.ts$/, ''))) return {};
    /** Names bound by value imports from a repository in this file. */
    const fromRepository = new Set();
    const isTypeOnly = (/** @type {any} */ node) => node.exportKind === 'type';
    /** @param {any} node */
    const namesRepository = (node) =>
      (node?.type === 'Identifier' && fromRepository.has(node.name)) ||
      (node?.type === 'MemberExpression' && namesRepository(node.object));
    return {
      /** @param {any} node */
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !REPOSITORY.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.importKind !== 'type') fromRepository.add(spec.local.name);
        }
      },
      /** @param {any} node */
      ExportAllDeclaration(node) {
        if (!isTypeOnly(node) && REPOSITORY.test(node.source.value)) {
          context.report({ node, messageId: 'reexport' });
        }
      },
      /** @param {any} node */
      ExportNamedDeclaration(node) {
        if (isTypeOnly(node)) return;
        if (node.source) {
          if (!REPOSITORY.test(node.source.value)) return;
          for (const spec of node.specifiers) {
            if (spec.exportKind !== 'type') context.report({ node: spec, messageId: 'reexport' });
          }
          return;
        }
        for (const spec of node.specifiers) {
          if (spec.exportKind !== 'type' && fromRepository.has(spec.local.name)) {
            context.report({ node: spec, messageId: 'reexport' });
          }
        }
        if (node.declaration?.type === 'VariableDeclaration') {
          for (const declarator of node.declaration.declarations) {
            if (namesRepository(declarator.init)) {
              context.report({ node: declarator, messageId: 'reexport' });
            }
          }
        }
      },
      /** @param {any} node */
      ExportDefaultDeclaration(node) {
        if (namesRepository(node.declaration)) context.report({ node, messageId: 'reexport' });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'var/**',
      '**/dev-dist/**',
      'coverage/**',
      // A planted import circle that scripts/lint.test.ts lints on purpose.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Never parse dependencies: only our own modules matter for cycles and boundaries.
      'import-x/ignore': ['node_modules'],
      // Parse TypeScript modules with TypeScript's parser: without it no-cycle reads no .ts file.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared imports nothing from the apps; the web app imports nothing from the API.
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared stands alone.',
            },
            {
              target: './apps/web/src',
              from: './apps/api',
              message: 'The web app talks to the API over HTTP only.',
            },
            // The browser suite drives the product over HTTP too; it may use the API's test
            // helpers to start the product and set its limits.
            {
              target: './apps/web/e2e',
              from: './apps/api',
              except: ['./src/test'],
              message: 'The browser suite talks to the API over HTTP only.',
            },
            { target: './apps/api', from: './apps/web' },
            // Web: one direction, shared code -> features -> app.
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            // API: the core (database, shared helpers, cross-cutting plugins, configuration)
            // knows no feature, nor what is built on the features: the demo seed and the
            // composition (app.ts, server.ts, the worker).
            {
              target: [
                './apps/api/src/db',
                './apps/api/src/lib',
                './apps/api/src/plugins',
                './apps/api/src/config',
              ],
              from: [
                './apps/api/src/features',
                './apps/api/src/seed',
                './apps/api/src/app.ts',
                './apps/api/src/server.ts',
                './apps/api/src/worker.ts',
              ],
              message: 'The core knows no feature: pass what it needs in from the composition.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // No feature reads another feature's repository, not even through a re-export: its public
    // face (index.ts) lists its routes, services, jobs and SQL expressions, never its queries.
    files: ['apps/api/src/features/**/*.ts', 'scripts/lint-fixtures/features/**/*.ts'],
    plugins: { pathways: { rules: { 'no-repository-reexport': noRepositoryReexport } } },
    rules: { 'pathways/no-repository-reexport': 'error' },
  },
  {
    files: ['apps/api/src/features/*/index.ts', 'scripts/lint-fixtures/features/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*.repository', './*.repository.ts', '**/*.repository.ts'],
              message: "A feature's index.ts lists its services, not its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes stay thin: schemas in, one service call, out. Queries live in repositories.
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/**'],
              message: 'Routes do not query: call the service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
