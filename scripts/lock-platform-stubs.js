// The registry reachable here lacks some platform builds of optional native packages (e.g.
// @swc/core-darwin-arm64), so `npm install` leaves them out of package-lock.json and `npm ci` then
// refuses the lockfile as out of sync. This records each missing optional platform package the way
// npm records a package for another platform (optional, with its os/cpu), so `npm ci` skips it.
// Run after changing dependencies: `node scripts/lock-platform-stubs.js`.
const { readFileSync, writeFileSync } = require('node:fs');

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  return os && cpu ? { os: [os], cpu: [cpu] } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${dep}`;
    if (lock.packages[at] || lock.packages[`${path}/${at}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[at] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-platform-stubs: recorded ${added} platform package(s) the registry does not serve`);
