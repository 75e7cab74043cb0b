/** Jest runs the TypeScript sources as native ESM; swc strips the types (tsc checks them). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022', experimental: { keepImportAttributes: true } },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 60000,
  // The CLI the end-to-end tests spawn, built once per run and removed after it.
  globalSetup: '<rootDir>/tests/helpers/cli-bundle.mjs',
  globalTeardown: '<rootDir>/tests/helpers/cli-bundle-teardown.mjs',
};
