// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { resuelvePlugin } from './scripts/eslint/module-entry.js';

/**
 * Dependencies run one way (DESIGN.md §1): web and desktop depend on ui; ui and api on contract;
 * nothing depends on web, desktop or api. Inside ui the tiers run shared pieces (lib, components,
 * platform, styles) → entities (one home per server resource) → features → app: each imports only
 * the tiers before it. Features do not import each other (bulletproof-react); the app layer
 * composes them.
 */
const elements = [
  // Tests and their helpers may reach across the ui they test; production code may not import them.
  { type: 'ui-test', pattern: ['ui/test/**', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/**/test-*.{ts,tsx}'], mode: 'full' },
  { type: 'contract', pattern: 'contract/**' },
  { type: 'migrations', pattern: 'migrations/**' },
  // The api's tests may use the project's scripts (the one web build); the api itself may not.
  { type: 'api-test', pattern: 'api/test/**' },
  { type: 'api', pattern: 'api/**' },
  { type: 'ui-app', pattern: 'ui/src/app/**' },
  { type: 'ui-feature', pattern: 'ui/src/features/*/**', capture: ['feature'] },
  { type: 'ui-entity', pattern: 'ui/src/entities/*/**', capture: ['entity'] },
  { type: 'ui-shared', pattern: ['ui/src/lib/**', 'ui/src/components/**', 'ui/src/platform/**', 'ui/src/styles/**'] },
  { type: 'ui-root', pattern: ['ui/src/*'], mode: 'file' },
  { type: 'web', pattern: 'web/**' },
  { type: 'desktop', pattern: 'desktop/**' },
  { type: 'e2e', pattern: 'e2e/**' },
  { type: 'tooling', pattern: ['scripts/**', 'bench/**', 'locales/**'] },
];

const ui = ['ui-app', 'ui-feature', 'ui-entity', 'ui-shared', 'ui-root'];

const queryKeyHome = 'Query keys live in ui/src/entities/<resource>/: use its queryOptions (or its key) instead of writing one here.';
/** Where a literal query key shows: `queryKey: [...]`, `setQueryData([...], …)` and friends, `const somethingKeys = {… [...] …}`. */
const literalQueryKeys = [
  "Property[key.name='queryKey'] > ArrayExpression",
  "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression.expression",
  "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$|^getQueryState$/] > ArrayExpression.arguments:first-child",
  "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$|^getQueryState$/] > TSAsExpression.arguments:first-child",
  'VariableDeclarator[id.name=/(Keys|QueryKey)$/] ArrayExpression',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/out/**', '**/release/**', 'test-results/**', 'playwright-report/**', '.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // Re-exports and lazy imports cross boundaries too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/include': ['contract/**', 'migrations/**', 'api/**', 'ui/**', 'web/**', 'desktop/**', 'e2e/**', 'scripts/**', 'bench/**', 'locales/**'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (DESIGN.md §1)',
          rules: [
            { from: 'contract', allow: ['contract'] },
            { from: 'migrations', allow: ['migrations'] },
            { from: 'api', allow: ['api', 'contract', 'migrations'] },
            { from: 'api-test', allow: ['api-test', 'api', 'contract', 'migrations', 'tooling'] },
            { from: 'ui-shared', allow: ['ui-shared', 'contract'] },
            // An entity may build on another (free slots and clients sit under the jobs key).
            { from: 'ui-entity', allow: ['ui-shared', 'contract', 'ui-entity'] },
            { from: 'ui-feature', allow: ['ui-shared', 'contract', 'ui-entity', ['ui-feature', { feature: '${from.feature}' }]] },
            { from: 'ui-app', allow: [...ui, 'contract'] },
            { from: 'ui-root', allow: [...ui, 'contract'] },
            { from: 'ui-test', allow: [...ui, 'ui-test', 'contract'] },
            { from: 'web', allow: ['web', ...ui, 'contract'] },
            { from: 'desktop', allow: ['desktop', ...ui, 'contract'] },
            { from: 'e2e', allow: ['e2e', 'api', 'api-test', 'migrations', 'contract', 'tooling'] },
            { from: 'tooling', allow: ['tooling', 'api', 'api-test', 'migrations', 'contract', 'ui-shared'] },
          ],
        },
      ],
    },
  },
  {
    // A query key is written once, with its resource's fetcher, in ui/src/entities/<resource>/ (one
    // queryOptions each), so no two screens ask for one answer under two keys or with two fetchers.
    // Tests may still write a key to seed the cache or to check what a change refreshed.
    files: ['ui/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'desktop/src/renderer/**/*.{ts,tsx}'],
    ignores: ['ui/src/entities/**', 'ui/src/**/*.test.{ts,tsx}', 'ui/src/**/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...literalQueryKeys.map((selector) => ({ selector, message: queryKeyHome }))],
    },
  },
  {
    // The server builds the app and registers the rest; the rest gets what it needs from the
    // context it is given (api/src/context.ts), so nothing imports the server back.
    files: ['api/src/modules/**/*.ts', 'api/src/plugins/**/*.ts', 'api/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/server(\\.ts)?$|^(\\.\\./)+server(\\.ts)?$',
              message: 'Take the context instead (api/src/context.ts): only main.ts, tests and tools import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // One module shape (api/src/modules/README.md): another module is reached through its index.ts,
    // and a handler takes its payload, params and query typed from defineRoute (lib/route.ts), never
    // by asserting a type on the request.
    files: ['api/src/**/*.ts'],
    plugins: { resuelve: resuelvePlugin },
    rules: {
      'resuelve/module-entry': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression MemberExpression[object.name='request'][property.name=/^(payload|params|query)$/]",
          message: "Take payload, params and query from defineRoute's typed input (api/src/lib/route.ts), not a cast of the request.",
        },
        {
          selector: "TSTypeAssertion MemberExpression[object.name='request'][property.name=/^(payload|params|query)$/]",
          message: "Take payload, params and query from defineRoute's typed input (api/src/lib/route.ts), not a cast of the request.",
        },
      ],
    },
  },
  {
    // contract is pure TypeScript: no Node, no DOM.
    files: ['contract/src/**/*.ts'],
    ignores: ['contract/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'react', 'react-dom'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage', 'navigator'],
    },
  },
);
