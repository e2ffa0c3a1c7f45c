/** One jest run for every suite: unit specs beside the code, cross-app suites under test/. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@tocsin/(domain|contracts|platform|read-models)$': '<rootDir>/libs/$1/src',
  },
  testMatch: ['<rootDir>/libs/**/src/**/*.spec.ts', '<rootDir>/apps/*/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages (node requires them natively; jest's CommonJS loader needs them transformed).
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  setupFiles: ['<rootDir>/test/support/setup.ts'],
  testTimeout: 30000,
};
