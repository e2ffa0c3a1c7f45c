// Preloaded (node -r) into a child process: at exit it writes the OpenTelemetry modules the process had loaded to
// the file named by LOADED_MODULES_FILE, one path a line, so a test can tell whether tracing was loaded at all.
const { writeFileSync } = require('node:fs');

process.once('exit', () => {
  const loaded = Object.keys(require.cache).filter((path) => /[\\/](@opentelemetry|bullmq-otel)[\\/]/.test(path));
  writeFileSync(process.env.LOADED_MODULES_FILE, loaded.join('\n'));
});
