// One jest run for the whole workspace. ESM mode: kysely and http-proxy-middleware are ESM-only
// and PGlite loads by dynamic import (see shared/STACK.md), so the tests run as native modules.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/gateway'],
  testMatch: ['**/test/**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } }],
  },
  testTimeout: 30000,
};
