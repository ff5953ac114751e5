import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webPackages = ['shell', 'mfe-*', 'packages/platform'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/test/**', 'packages/testing/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The front-ends: the rules of hooks (and the React Compiler's checks that come with them).
    files: webPackages.map((folder) => `${folder}/**/*.{ts,tsx}`),
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // The shell and the remotes reach the router, the query client and i18n through
    // @learning/platform only: a second copy of any of them would break the shared contexts,
    // and would be downloaded twice.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router-dom', 'react-router/*', '@tanstack/react-query', 'i18next', 'react-i18next', '@mantine/*'],
              message: 'Import it from @learning/platform, the shared facade.',
            },
          ],
        },
      ],
    },
  },
  {
    // Build configurations run on Node.
    files: ['**/webpack.config.js', 'packages/platform/build/**/*.js', 'packages/platform/test/setup/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', require: 'readonly', module: 'writable', window: 'readonly', globalThis: 'readonly' },
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
