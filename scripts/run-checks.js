// npm test's static checks (format, lint, types and build, layers) side by side: none reads what another
// writes, and one at a time left a core idle for most of their 70 s. Each one's output is printed whole when it
// ends, under its name; the exit status fails if any check failed.
const { spawn } = require('node:child_process');
const { performance } = require('node:perf_hooks');

const CHECKS = ['format:check', 'lint', 'typecheck', 'depcheck'];

const since = (started) => ((performance.now() - started) / 1000).toFixed(1);

/** `npm run <script>` with npm's own entry when npm started us, its output kept for printing at the end. */
function run(script) {
  const started = performance.now();
  const [command, args] = process.env.npm_execpath
    ? [process.execPath, [process.env.npm_execpath, 'run', '--silent', script]]
    : ['npm', ['run', '--silent', script]];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) =>
      resolve({ script, status: 1, output: `${output}${error.message}\n`, seconds: since(started) }),
    );
    child.on('close', (status) => resolve({ script, status: status ?? 1, output, seconds: since(started) }));
  });
}

async function main() {
  let failed = 0;
  const results = CHECKS.map(run);
  // printed in the order they are listed, each as soon as it and those before it have ended
  for (const pending of results) {
    const { script, status, output, seconds } = await pending;
    console.log(`== npm run ${script}: ${status === 0 ? 'passed' : `failed (exit ${status})`}, ${seconds} s`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status !== 0) failed += 1;
  }
  process.exit(failed === 0 ? 0 : 1);
}

void main();
