import { DomainError } from '../../shared/event';

/**
 * The no-overwrite rule (ARCHITECTURE.md, "Incident rooms"): an edit names the revision its editor saw; a stale
 * one is refused (409) with what is there now, so the screen can show it instead of overwriting it.
 */
export class StaleRevisionError<Current> extends DomainError {
  constructor(
    message: string,
    readonly current: Current,
  ) {
    super(message, 'conflict');
    this.name = 'StaleRevisionError';
  }
}
