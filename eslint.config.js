import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared (components, lib, config, hooks) -> features/* -> app/.
// A feature never imports another feature; routes in app/ compose them.
const features = ['auth', 'blog', 'search', 'contact', 'marketing', 'sales', 'market-sources'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'coverage',
      'playwright-report',
      'test-results',
      'supabase/functions/*/index.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared code may not reach up into features or the app
            ...['components', 'lib', 'config', 'hooks'].map((dir) => ({
              target: `./src/${dir}`,
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import features or app.',
            })),
            // features may not import the app layer
            { target: './src/features', from: './src/app', message: 'Features must not import app/.' },
            // no feature imports another feature
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'A feature must not import another feature; compose them in app/routes.',
            })),
          ],
        },
      ],
    },
  },
);
