// Runs jest, then names every skipped suite with its reason (describeWhen puts the reason in the
// title). In CI (JEST_JSON set) the machine-readable result is kept for the summary line.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const output = process.env.JEST_JSON ?? join(mkdtempSync(join(tmpdir(), 'tocsin-jest-')), 'result.json');
const args = [require.resolve('jest/bin/jest'), ...process.argv.slice(2), '--json', `--outputFile=${output}`];
if (process.env.CI === 'true') args.push('--ci');
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });

try {
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const skipped = new Set();
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      if (test.status === 'pending' && test.ancestorTitles[0]) skipped.add(test.ancestorTitles[0]);
    }
  }
  if (skipped.size > 0) {
    console.log('\nSkipped suites:');
    for (const name of skipped) console.log(`  - ${name}`);
  }
} catch {
  // no report (jest crashed before writing it): its own output says why
}
process.exit(result.status ?? 1);
