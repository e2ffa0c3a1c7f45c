import { DomainError } from '../shared/event';

/**
 * A verification the rules turn down although the request was well formed: a wrong, expired or
 * exhausted code, or too many codes sent. The API answers 422 (429 for `too_many_sends`), not 400.
 */
export class VerificationRefused extends DomainError {
  constructor(
    readonly reason: 'wrong_code' | 'expired' | 'exhausted' | 'too_many_sends',
    message: string,
    field: string,
  ) {
    super(message, 'invalid', { [field]: [message] });
    this.name = 'VerificationRefused';
  }
}
