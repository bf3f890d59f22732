// Lint rules: typescript-eslint, React hooks, accessibility, no import cycles, and the layer
// boundaries of DESIGN.md §3 (dependencies point one way).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import fs from 'node:fs';

// every server module, so that each may be fenced off from the others' tables
const MODULES_DIR = 'apps/server/src/modules';
const serverModules = fs
  .readdirSync(new URL(MODULES_DIR, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The layer boundaries of DESIGN.md §3. */
const LAYER_ZONES = [
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
];

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
      'import/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // a module reads another module's data through that module's service, never its tables: checked by
    // where the imported file lies, so a file in a module's subfolder is held to it too
    files: [`${MODULES_DIR}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...LAYER_ZONES,
            ...serverModules.map((name) => ({
              target: `./${MODULES_DIR}/!(${name})/**/*`,
              from: `./${MODULES_DIR}/${name}/**/*.schema.ts`,
              message: "read another module's data through its service, not its schema",
            })),
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
    // the same boundaries when a workspace package is imported by its name rather than its path
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tidemark/server', '@tidemark/server/*'],
              message: 'the web app talks to the server over HTTP only',
            },
            { group: ['@tidemark/admin', '@tidemark/admin/*'], message: 'the retail app never loads the console' },
          ],
          paths: [
            {
              name: 'antd-mobile',
              message:
                "import each component from 'antd-mobile/es/components/<name>': the package index pulls every component into the chunk (load budgets, npm run size)",
            },
            {
              name: 'react-i18next',
              message:
                "useTranslation comes from src/lib/use-translation.ts (i18next is not in the retail app's bundle)",
            },
            {
              name: 'i18next',
              message: 'texts are read through src/lib/i18n.ts (translate) and src/lib/use-translation.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tidemark/server', '@tidemark/server/*'],
              message: 'the console talks to the server over HTTP only',
            },
            {
              group: ['@tidemark/web', '@tidemark/web/*'],
              message: 'the console and the retail app share only packages',
            },
          ],
        },
      ],
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
