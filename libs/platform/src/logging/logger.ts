import pino, { type Logger } from 'pino';

/** One structured logger (JSON lines) for every process; the level comes from LOG_LEVEL. */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', name = 'tocsin'): Logger {
  return pino({ name, level, base: { pid: process.pid, role: process.env.APP_ROLE ?? 'all' } });
}

export type { Logger };
