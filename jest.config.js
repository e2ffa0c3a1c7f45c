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
    // a deep import of a built file (the entries' first import, `@tocsin/platform/dist/tracing/tracing`): its source
    '^@tocsin/(domain|contracts|platform|read-models)/dist/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testMatch: ['<rootDir>/libs/**/src/**/*.spec.ts', '<rootDir>/apps/*/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages (node requires them natively; jest's CommonJS loader needs them transformed).
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  setupFiles: ['<rootDir>/test/support/setup.ts'],
  testTimeout: 30000,
  // A worker that holds more than this after a suite is replaced by a fresh one. A suite's app, sockets and
  // timers are not all let go when it ends, so one process running every suite grew to 4 GB and slowed down:
  // after ~440 s a projection spec took 5 s instead of 0.3 s. The limit also keeps jest in workers when it
  // runs one at a time (it would otherwise run every suite in its own process, which nothing replaces).
  workerIdleMemoryLimit: '1GB',
};
