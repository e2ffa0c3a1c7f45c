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
      name: 'domain-no-packages',
      comment:
        'The domain runs in the api, the projector and the browser: no Node built-ins, no packages but pure ones named here (re2js: linear-time patterns for routing rules; luxon: wall-clock time in IANA zones for on-call rotations).',
      severity: 'error',
      from: { path: '^libs/domain/src' },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: 'node_modules/(re2js|luxon)/',
      },
    },
    {
      name: 'contracts-only-domain',
      severity: 'error',
      from: { path: '^libs/contracts/src' },
      to: { path: '^(apps|libs/(platform|read-models))' },
    },
    {
      name: 'read-models-only-contracts-and-domain',
      comment:
        'A view definition names its collection and reads it through a reader the platform satisfies; it never imports the platform or an app.',
      severity: 'error',
      from: { path: '^libs/read-models/src' },
      to: { path: '^(apps|libs/platform)' },
    },
    {
      name: 'platform-no-apps',
      severity: 'error',
      from: { path: '^libs/platform/src' },
      to: { path: '^(apps/|libs/read-models)' },
    },
    {
      name: 'web-only-contracts-and-domain',
      comment: 'The web uses the shared contracts and pure domain rules, never server code.',
      severity: 'error',
      from: { path: '^apps/web/src' },
      to: { path: '^(apps/(api|projector)|libs/(platform|read-models))' },
    },
    {
      name: 'no-app-imports-another-app',
      comment:
        'Apps meet through HTTP, sockets, the log and the libs: the api hosts the projections (libs/read-models) with the runner (libs/platform) in embedded mode, never by importing the projector.',
      severity: 'error',
      from: { path: '^apps/(api|projector|web)/src' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
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
