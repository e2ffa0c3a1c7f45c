// Runs jest, then names every skipped suite with its reason (describeWhen puts the reason in the
// title). In CI (JEST_JSON set) the machine-readable result is kept for the summary line.
//
// Given no test paths (every suite, as `npm test` runs them), jest runs twice, one report for both: every
// suite but the browser ones with a worker per core, then the browser suites with jest's default (one
// worker on 2 cores). A browser test drives chromium and the app at once and keeps a 10 s limit on each
// step, so two of them side by side on 2 cores would trade the time won for timeouts; the other suites
// mostly wait (argon2, child processes, timers), so two at once finish in about 60% of the time.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, writeFileSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');
const { testPathIgnorePatterns } = require('../../jest.config');

const output = process.env.JEST_JSON ?? join(mkdtempSync(join(tmpdir(), 'tocsin-jest-')), 'result.json');
const given = process.argv.slice(2);
const BROWSER = '/test/browser/';

/** One jest run of `args`, its report written to `file`; answers its exit status. */
function jest(args, file) {
  const all = [require.resolve('jest/bin/jest'), ...args, '--json', `--outputFile=${file}`];
  if (process.env.CI === 'true') all.push('--ci');
  return spawnSync(process.execPath, all, { stdio: 'inherit' }).status ?? 1;
}

/** The report of a run, or one that says the run wrote none (jest crashed before writing it: its output says why). */
function reportOf(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {
      success: false,
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 0,
      numRuntimeErrorTestSuites: 1,
      testResults: [],
    };
  }
}

/** The reports of several runs as one: counts added, results in order, the earliest start. */
function merged(reports) {
  const into = (a, b) => {
    for (const [key, value] of Object.entries(b)) {
      if (!(key in a)) a[key] = value;
      else if (key === 'startTime') a[key] = Math.min(a[key], value);
      else if (typeof value === 'number') a[key] += value;
      else if (Array.isArray(value)) a[key] = [...a[key], ...value];
      else if (typeof value === 'boolean') a[key] = key === 'success' ? a[key] && value : a[key] || value;
      else if (value && typeof value === 'object') a[key] = into({ ...a[key] }, value);
    }
    return a;
  };
  return reports.reduce((all, report) => into(all, report), {});
}

let status;
// paths, or the caller's own choice of workers or of suites to leave out: one run, as asked
const asked = given.some(
  (arg) => !arg.startsWith('-') || /^(-w|-i|--maxWorkers|--runInBand|--testPathIgnore)/.test(arg),
);
if (asked) {
  status = jest(given, output);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'tocsin-jest-phase-'));
  const others = [
    ...given,
    `--maxWorkers=${availableParallelism()}`,
    `--testPathIgnorePatterns=${[...testPathIgnorePatterns, BROWSER].join('|')}`,
  ];
  const browser = [...given, BROWSER];
  const statuses = [jest(others, join(dir, 'others.json')), jest(browser, join(dir, 'browser.json'))];
  status = Math.max(...statuses);
  const report = merged([reportOf(join(dir, 'others.json')), reportOf(join(dir, 'browser.json'))]);
  writeFileSync(output, JSON.stringify(report));
  console.log(
    `\nAll suites: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped` +
      (report.numRuntimeErrorTestSuites ? `, ${report.numRuntimeErrorTestSuites} suites that did not run` : ''),
  );
}

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
process.exit(status);
