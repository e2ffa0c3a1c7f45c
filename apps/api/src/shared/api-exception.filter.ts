import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '@tocsin/domain';
import { WrongExpectedRevisionError } from '@tocsin/platform';
import type { Response } from 'express';
import { TooManyRequests } from './too-many-requests';

const DOMAIN_STATUS: Record<DomainError['code'], number> = {
  invalid: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
};

/** Every error leaves as `{ error, message, fields? }` with the right status (ARCHITECTURE.md). */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (exception instanceof TooManyRequests) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
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
