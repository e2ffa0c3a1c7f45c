import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { redactUrl, type Logger } from '@tocsin/platform';

const STARTUP_INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);

/**
 * Nest's own log lines through the process's pino logger. Not nestjs-pino: its request-scoped
 * logger rides on AsyncLocalStorage, whose promise hooks cost ~40% of command throughput here.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    // Nest's start-up inventory (every module, controller and route: 130 lines) is for debugging.
    if (context && STARTUP_INVENTORY.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

/**
 * One line per finished request: server errors at error, client errors at warn, the rest at debug
 * (built only when that level is on, so the hot path pays one listener). The URL without the tokens
 * some links carry: logs are read by more people, and kept longer, than the links live.
 */
export function requestLogger(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger[level](
        { method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request completed',
      );
    });
    next();
  };
}
