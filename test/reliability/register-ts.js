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
  const match = /^@tocsin\/([\w-]+)$/.exec(request);
  return resolve.call(this, match && SOURCES[match[1]] ? join(root, SOURCES[match[1]]) : request, ...rest);
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
