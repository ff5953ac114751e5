// One jest run for the whole workspace, in three projects.
// node: services, gateway, node packages and scripts. ESM mode: kysely and http-proxy-middleware are
// ESM-only and PGlite loads by dynamic import (see docs/STACK.md), so the tests run as native modules.
// web: the shell, the remotes and packages/platform, as React components in jsdom (files *.test.tsx,
// which the node project's *.test.ts never matches).
// e2e: the browser journeys (e2e/*.e2e.test.ts), Chromium driving the whole stack; ESM like node.
const node = {
  displayName: 'node',
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/scripts'],
  testMatch: ['**/test/**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }],
  },
};

const swcWeb = (tsx) => [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

const web = {
  displayName: 'web',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/packages/platform', '<rootDir>/shell', '<rootDir>/mfe-home', '<rootDir>/mfe-monster', '<rootDir>/mfe-lessons', '<rootDir>/mfe-admin'],
  testMatch: ['**/test/**/*.test.tsx'],
  setupFiles: ['<rootDir>/packages/platform/test/setup/jsdom-globals.cjs'],
  setupFilesAfterEnv: ['<rootDir>/packages/platform/test/setup/matchers.cjs'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/packages/platform/test/setup/style-stub.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': swcWeb(false), '^.+\\.tsx$': swcWeb(true) },
};

const e2e = {
  ...node,
  displayName: 'e2e',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  // The journeys need longer than testTimeout: e2e/fixture.ts sets their 60 s with jest.setTimeout.
};

export default {
  projects: [node, web, e2e],
  // Jest reads testTimeout, globalSetup and globalTeardown here, once for the run, never per project.
  // A guard against hangs, not a figure: a kit test starting a service on an in-memory database took
  // over 30 s while CI's two cores were loaded (metrics.test.ts, seen failing).
  testTimeout: 60000,
  // A real PostgreSQL and RabbitMQ from testcontainers when a Docker engine answers and neither
  // DATABASE_URL nor AMQP_URL is set; otherwise (CI, or no Docker) nothing is started.
  globalSetup: '<rootDir>/scripts/jest-containers.ts',
  globalTeardown: '<rootDir>/scripts/jest-containers-stop.ts',
};
