/**
 * The real application in a process of its own, for drills that kill it: starts it as the API tests do
 * (test/support/app.ts) on the data directory given as argv[2], prints `listening <url>` once it serves,
 * and runs until killed. The environment reaches its configuration (e.g. TOCSIN_CRASH_AFTER_STEP).
 * Plain JS so it starts without a build: TypeScript is compiled on require by swc, with the decorator
 * metadata Nest needs, and @tocsin/* resolve to the sources as in jest.config.js.
 */
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..');
const SOURCES = { domain: 'libs/domain/src', contracts: 'libs/contracts/src', platform: 'libs/platform/src', projector: 'apps/projector/src' };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@tocsin\/(\w+)$/.exec(request);
  return resolve.call(this, match && SOURCES[match[1]] ? join(root, SOURCES[match[1]]) : request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true } },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require('reflect-metadata');
const { startApp } = require('../support/app');

startApp({ dataDir: process.argv[2], env: JSON.parse(process.argv[3] ?? '{}') }).then(
  (app) => process.stdout.write(`listening ${app.url}\n`),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
