import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '@tocsin/domain';
import { EventIndexBehindError, WrongExpectedRevisionError } from '@tocsin/platform';
import type { Response } from 'express';
import { TooManyRequests } from './too-many-requests';

const DOMAIN_STATUS: Record<DomainError['code'], number> = {
  invalid: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
};

/** A read of history while the event store's organization index catches up: soon enough to ask again. */
const INDEX_RETRY_SECONDS = 5;

/** Every error leaves as `{ error, message, fields? }` with the right status (ARCHITECTURE.md). */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.describe(exception);
    // an index catching up is a state the follower reports itself, not a fault of this request
    if (exception instanceof EventIndexBehindError) this.logger.warn(exception.message);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (exception instanceof TooManyRequests) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (exception instanceof EventIndexBehindError) response.setHeader('Retry-After', String(INDEX_RETRY_SECONDS));
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof DomainError) {
      const status = DOMAIN_STATUS[exception.code];
      return {
        status,
        body: {
          error: exception.code,
          message: exception.message,
          ...(exception.fields && { fields: exception.fields }),
        },
      };
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return {
        status: 409,
        body: { error: 'conflict', message: 'Someone else changed this at the same time. Reload and try again.' },
      };
    }
    if (exception instanceof EventIndexBehindError) {
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: {
          error: 'index_catching_up',
          message: "The organization's history is still being indexed. Try again in a few seconds.",
        },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const payload = typeof raw === 'string' ? { message: raw } : (raw as Record<string, unknown>);
      const error = typeof payload.error === 'string' ? payload.error : (HttpStatus[status]?.toLowerCase() ?? 'error');
      return {
        status,
        body: {
          ...payload,
          error: error.toLowerCase().replace(/ /g, '_'),
          message: payload.message ?? exception.message,
        },
      };
    }
    return {
      status: 500,
      body: { error: 'internal_error', message: 'Something went wrong on our side. It has been logged.' },
    };
  }
}
