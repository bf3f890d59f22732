// Lint rules: typescript-eslint, React hooks, accessibility, no import cycles, and the layer
// boundaries of DESIGN.md §3 (dependencies point one way).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'packages never import from apps' },
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'platform must not depend on modules',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'lib must not depend on features',
            },
            { target: './apps/web/src/lib', from: './apps/web/src/app', message: 'lib must not depend on app' },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features must not depend on app',
            },
            { target: './apps/web', from: './apps/server', message: 'the web app talks to the server over HTTP only' },
            {
              target: './apps/admin',
              from: './apps/server',
              message: 'the console talks to the server over HTTP only',
            },
            {
              target: './apps/admin',
              from: './apps/web',
              message: 'the console and the retail app share only packages',
            },
            { target: './apps/web', from: './apps/admin', message: 'the retail app never loads the console' },
            {
              target: './apps/admin/src/lib',
              from: './apps/admin/src/features',
              message: 'lib must not depend on features',
            },
          ],
        },
      ],
    },
  },
  {
    // a module reads another module's data through that module's service, never its tables
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.schema.ts', '../../modules/*/*.schema.ts'],
              message: "read another module's data through its service, not its schema",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // the theme set before the app loads (index.html): a page script, not the service worker
    files: ['apps/web/public/appearance-boot.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
