import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webPackages = ['shell', 'mfe-*', 'packages/platform'];
const services = ['kit', 'auth', 'catalog', 'media', 'exam'];
const remotes = ['mfe-home', 'mfe-monster', 'mfe-lessons', 'mfe-admin'];

// The boundaries between the workspace's packages, as import patterns. Flat config replaces a rule's
// options instead of merging them, so each folder's block below lists every pattern that applies to
// it; scripts/test/boundaries.test.ts shows each one refusing a violation.
const boundary = {
  testFolders: {
    regex: '(^|/)test/',
    message: "A test folder belongs to its package: what tests share lives in @learning/testing (packages/testing).",
  },
  facade: {
    group: ['react-router', 'react-router-dom', 'react-router/*', '@tanstack/react-query', 'i18next', 'react-i18next'],
    message: 'Import it from @learning/platform, the shared facade.',
  },
  serverCode: [
    { regex: '(^|/)(services|gateway|scripts|bench|e2e)/', message: 'Browser code never imports server code.' },
    { regex: '^@learning/(kit|auth|catalog|media|exam|gateway|testing)(/|$)', message: 'Browser code never imports server code.' },
    { regex: '^node:', message: 'Browser code never imports Node modules.' },
  ],
  /** Another service's (or the kit's) code by path: a service reaches the kit and packages by name only. */
  otherServices: (own) => [
    {
      regex: `(^|/)(${services.filter((name) => name !== own).join('|')}|gateway)/(src|test|migrations)/`,
      message: 'A service never imports another service: share it through @learning/kit or @learning/contracts, by name.',
    },
    {
      regex: `^@learning/(${services.filter((name) => name !== own && name !== 'kit').join('|')}|gateway)(/|$)`,
      message: 'A service never imports another service: share it through @learning/kit or @learning/contracts.',
    },
  ],
  otherRemotes: (own) => [
    {
      regex: `(^|/)(shell|${remotes.filter((name) => name !== own).join('|')})/`,
      message: 'A remote never imports another remote or the shell: share it through @learning/platform.',
    },
    {
      regex: `^@learning/(shell|${remotes.filter((name) => name !== own).join('|')})(/|$)`,
      message: 'A remote never imports another remote or the shell: share it through @learning/platform.',
    },
  ],
};
const nodeBuiltins = builtinModules.map((name) => ({ name, message: 'Browser code never imports Node modules.' }));
const restrictImports = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});
const tsFiles = (folder) => [`${folder}/**/*.{ts,tsx}`];

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
  // Everyone: no import of another package's test folder.
  restrictImports(['**/*.{ts,tsx}'], [boundary.testFolders]),
  // A service (the gateway too) never imports another service's code.
  ...services.map((name) => restrictImports(tsFiles(`services/${name}`), [boundary.testFolders, ...boundary.otherServices(name)])),
  restrictImports(tsFiles('gateway'), [boundary.testFolders, ...boundary.otherServices('gateway')]),
  // Browser code never imports server code. The shell and the remotes also reach the router, the
  // query client and i18n through @learning/platform only (a second copy of any of them would break
  // the shared contexts, and would be downloaded twice), and a remote never imports another remote
  // or the shell.
  restrictImports(tsFiles('packages/platform'), [boundary.testFolders, ...boundary.serverCode], nodeBuiltins),
  restrictImports(tsFiles('shell'), [boundary.testFolders, ...boundary.serverCode, boundary.facade, ...boundary.otherRemotes('shell')], nodeBuiltins),
  ...remotes.map((name) =>
    restrictImports(tsFiles(name), [boundary.testFolders, ...boundary.serverCode, boundary.facade, ...boundary.otherRemotes(name)], nodeBuiltins),
  ),
  {
    // Build configurations and CI's own scripts run on Node.
    files: ['**/webpack.config.js', 'shell/service-worker/build.js', 'packages/platform/build/**/*.js', 'packages/platform/test/setup/*.cjs', '.ci/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', fetch: 'readonly', require: 'readonly', module: 'writable', window: 'readonly', globalThis: 'readonly' },
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
