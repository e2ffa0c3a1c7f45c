import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that says when to come back: the error filter sends `retryAfterSeconds` as Retry-After. */
export class TooManyRequests extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    body: { error: string; message: string },
  ) {
    super(body, HttpStatus.TOO_MANY_REQUESTS);
  }
}
