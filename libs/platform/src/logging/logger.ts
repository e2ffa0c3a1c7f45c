import pino, { type DestinationStream, type Logger } from 'pino';
import { redactSecretPaths } from './redact';

/** Levels of nesting a log line's fields are looked through for secret paths (an error inside a context object). */
const REDACT_DEPTH = 3;

/**
 * Every text of a log line with the secrets of the paths it names redacted (ARCHITECTURE.md "Security rules":
 * URLs that carry tokens are not logged): a request URL, but also an error's message or stack, wherever it
 * comes from. Errors keep pino's own shape (type, message, stack, their own fields).
 */
function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecretPaths(value);
  if (value === null || typeof value !== 'object' || depth > REDACT_DEPTH) return value;
  if (value instanceof Error) {
    const own = redactFields({ ...value }, depth + 1) as Record<string, unknown>;
    return {
      type: value.name,
      message: redactSecretPaths(value.message),
      stack: redactSecretPaths(value.stack ?? ''),
      ...own,
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactFields(item, depth + 1)]));
}

/**
 * One structured logger (JSON lines) for every process; the level comes from LOG_LEVEL. `destination` is
 * where the lines go (standard output unless given: tests capture them).
 */
export function createLogger(
  level = process.env.LOG_LEVEL ?? 'info',
  name = 'tocsin',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { pid: process.pid, role: process.env.APP_ROLE ?? 'all' },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // an error logged alone stays under `err`, its message the line's message, as pino does
        const fields = first instanceof Error ? { err: first } : first;
        if (first instanceof Error && typeof rest[0] !== 'string') rest.unshift(first.message);
        method.apply(this, [redactFields(fields), ...rest.map((arg) => redactFields(arg))] as Parameters<
          typeof method
        >);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
