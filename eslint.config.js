import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared (components, lib, config, hooks) -> features/* -> app/.
// A feature never imports another feature; routes in app/ compose them.
// Between the layers: the site imports none of the others; the edge functions import neither the site nor the
// emulator nor scripts (their tests may use the emulator's keys and seeds); the emulator imports no script; scripts
// and tests sit on top of everything.
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
            {
              target: './src',
              from: ['./emulator', './scripts', './tests', './e2e'],
              message: 'The site talks to Supabase only through supabase-js; it imports no other layer.',
            },
            {
              target: './src',
              from: './supabase',
              // One exception: the contact form runs the contact function's own input rules (one source, no copy).
              except: ['./functions/contact/sanitize.ts'],
              message: 'The site talks to Supabase only through supabase-js; it imports no other layer.',
            },
            {
              target: './supabase/functions/**/!(*.test).ts',
              from: ['./src', './emulator', './scripts', './tests', './e2e'],
              message: 'Edge functions run on hosted Supabase: they import only their own code and _shared/.',
            },
            {
              target: './emulator',
              from: ['./scripts', './tests', './e2e'],
              message:
                'The emulator sits below scripts and tests; move what both need into emulator/ (e.g. seeds/).',
            },
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
