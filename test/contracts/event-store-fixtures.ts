import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type NewEvent,
  type RecordedEvent,
  type SubscriptionHandler,
} from '@tocsin/platform';

/** A stream name no other test (or earlier run against a shared server) uses. */
export function uniqueStream(prefix = 'contract'): string {
  return `${prefix}-${randomUUID().replaceAll('-', '')}`;
}

/** Event ids are UUIDs because EventStoreDB requires them. */
export function newEvent(
  type: string,
  data: Record<string, unknown> = {},
  metadata: Partial<NewEvent['metadata']> = {},
): NewEvent {
  const commandId = randomUUID();
  return {
    id: commandId,
    type,
    data,
    metadata: {
      orgId: 'org-1',
      actorId: 'user-1',
      commandId,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
      ...metadata,
    },
  };
}

export async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Records what a subscription delivers, and whether the handler was ever entered twice at once. */
export class Collector implements SubscriptionHandler {
  readonly events: RecordedEvent[] = [];
  caughtUp = false;
  overlapped = false;
  error: Error | null = null;
  private running = false;

  async onEvent(event: RecordedEvent): Promise<void> {
    if (this.running) this.overlapped = true;
    this.running = true;
    // yield so a store that did not await the handler would deliver the next event meanwhile
    await new Promise((resolve) => setImmediate(resolve));
    this.events.push(event);
    this.running = false;
  }

  onCaughtUp(): void {
    this.caughtUp = true;
  }

  onError(error: Error): void {
    this.error = error;
  }

  inStream(prefix: string): RecordedEvent[] {
    return this.events.filter((event) => event.stream.startsWith(prefix));
  }
}

/** Asserts an append was refused as a conflict and returns the error for closer checks. */
export async function conflictOf(append: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await append.then(
    () => {
      throw new Error('expected a WrongExpectedRevisionError, but the append succeeded');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}
