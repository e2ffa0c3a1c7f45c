/**
 * Lets a plain-JS child process require the TypeScript sources without a build: TypeScript is
 * compiled on require by swc, with the decorator metadata Nest needs, and @tocsin/* resolve to the
 * sources as in jest.config.js.
 */
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..');
const SOURCES = {
  domain: 'libs/domain/src',
  contracts: 'libs/contracts/src',
  platform: 'libs/platform/src',
  'read-models': 'libs/read-models/src',
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  // a deep import of a built file (`@tocsin/platform/dist/tracing/tracing`, the entries' first import) reads its source
  const match = /^@tocsin\/([\w-]+)(?:\/dist\/(.+))?$/.exec(request);
  const source = match && SOURCES[match[1]];
  return resolve.call(this, source ? join(root, source, match[2] ?? '') : request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
