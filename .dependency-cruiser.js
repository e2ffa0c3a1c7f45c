/** Layer rules (STYLE.md "Dependency direction"), checked in npm test. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'libs/domain imports nothing but itself: no framework, no I/O.',
      severity: 'error',
      from: { path: '^libs/domain/src' },
      to: { pathNot: '^libs/domain/src|^test/support/decider-spec' },
    },
    {
      name: 'contracts-only-domain',
      severity: 'error',
      from: { path: '^libs/contracts/src' },
      to: { path: '^(apps|libs/platform)' },
    },
    {
      name: 'platform-no-apps',
      severity: 'error',
      from: { path: '^libs/platform/src' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-only-contracts-and-domain',
      comment: 'The web uses the shared contracts and pure domain rules, never server code.',
      severity: 'error',
      from: { path: '^apps/web/src' },
      to: { path: '^(apps/(api|projector)|libs/platform)' },
    },
    {
      name: 'no-app-imports-another-app',
      comment: 'The one sanctioned edge: the api hosts the projector in-process (embedded mode) through its package entry.',
      severity: 'error',
      from: { path: '^apps/(api|projector|web)/src' },
      to: { path: '^apps/', pathNot: ['^apps/$1/', '^apps/projector/src/index\\.ts$'] },
    },
    {
      name: 'projector-not-api',
      severity: 'error',
      from: { path: '^apps/projector/src' },
      to: { path: '^apps/api/' },
    },
    { name: 'no-circular', severity: 'error', from: { pathNot: 'node_modules' }, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    exclude: { path: '(node_modules|dist)/' },
  },
};
