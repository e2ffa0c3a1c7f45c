import {
  DomainError,
  MATCH_AND_UPDATE_FAILED,
  MATCH_OPERATION_TIMED_OUT,
  MATCH_OPERATION_TIMEOUT_MS,
} from '@tocsin/domain';
import { WrongExpectedRevisionError, type Clock } from '@tocsin/platform';

export type OperationOutcome = { ok: true; position: number | null } | { ok: false; reason: string };

class TimedOut extends Error {}

/** The sentence a report shows for a refused operation: the decider's words, with each field's problem. */
export function reasonOf(error: unknown): string {
  if (error instanceof TimedOut) return MATCH_OPERATION_TIMED_OUT;
  if (error instanceof DomainError) {
    const details = Object.values(error.fields ?? {}).flat();
    return details.length > 0 ? `${error.message}: ${details.join('; ')}` : error.message;
  }
  if (error instanceof WrongExpectedRevisionError) return 'Someone else changed these preferences at the same time.';
  return MATCH_AND_UPDATE_FAILED;
}

/** Settles with the work, or rejects once the clock has moved `ms` on (the work itself cannot be stopped). */
function within<T>(clock: Clock, ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = clock.schedule(clock.now() + ms, () => reject(new TimedOut()));
    work().then(
      (value) => (cancel(), resolve(value)),
      (error: unknown) => (cancel(), reject(error)),
    );
  });
}

/**
 * SPEC.md section 4: the operations run one by one, each within 30 seconds; a refused or timed-out
 * one is recorded with its reason and the rest still run. `apply` returns the log position written.
 */
export async function runOneByOne<Operation>(
  operations: readonly Operation[],
  apply: (operation: Operation) => Promise<number | null>,
  clock: Clock,
  onDone?: (done: number) => Promise<void> | void,
): Promise<OperationOutcome[]> {
  const outcomes: OperationOutcome[] = [];
  for (const operation of operations) {
    try {
      outcomes.push({ ok: true, position: await within(clock, MATCH_OPERATION_TIMEOUT_MS, () => apply(operation)) });
    } catch (error) {
      outcomes.push({ ok: false, reason: reasonOf(error) });
    }
    await onDone?.(outcomes.length);
  }
  return outcomes;
}
