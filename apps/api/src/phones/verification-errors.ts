import { HttpException, HttpStatus } from '@nestjs/common';
import { PHONE_CODE_MAX_WRONG_ATTEMPTS, PHONE_MESSAGES, VerificationRefused } from '@tocsin/domain';

/** The phone provider did not take a code: its reason, without the HTTP status, is shown to the person. */
export class PhoneDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(`The message could not be sent: ${reason.replace(/^\d{3} /, '')}`);
    this.name = 'PhoneDeliveryError';
  }
}

/**
 * A well-formed request the rules turn down answers 422 (wrong, expired or used-up code or link),
 * too many codes 429, a provider that refused the message 502 with its reason (shown to the person,
 * SPEC.md section 8). Anything else passes through to the API's error filter.
 */
export async function answeringRefusals<T>(work: () => Promise<T>, extra: Record<string, unknown> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VerificationRefused) {
      const tooMany = error.reason === 'too_many_sends';
      const status = tooMany ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.UNPROCESSABLE_ENTITY;
      throw new HttpException(
        { error: tooMany ? 'too_many_requests' : 'invalid', message: error.message, fields: error.fields, ...extra },
        status,
      );
    }
    if (error instanceof PhoneDeliveryError) {
      throw new HttpException({ error: 'delivery_failed', message: error.message }, HttpStatus.BAD_GATEWAY);
    }
    throw error;
  }
}

/** A wrong code was recorded (the `attempts`-th against it): 422 with the attempts left; none left voids the code. */
export function wrongCodeAnswer(attempts: number): HttpException {
  const left = Math.max(0, PHONE_CODE_MAX_WRONG_ATTEMPTS - attempts);
  const message = left > 0 ? PHONE_MESSAGES.wrongCode : PHONE_MESSAGES.tooManyWrongCodes;
  return new HttpException(
    { error: 'invalid', message, fields: { code: [message] }, attempts_left: left },
    HttpStatus.UNPROCESSABLE_ENTITY,
  );
}
