import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@tocsin/domain';
import type { Identity } from '../sessions/identity.types';

/**
 * What an area tells the live rooms about one kind of resource (`room:{kind}:{id}`). The rooms never read the
 * area's views themselves: these callbacks are the only way in.
 */
export interface RoomKind {
  /** Whether this session may read resource `id` of organization `orgId` (false for an id it does not hold). */
  mayRead(session: Identity, orgId: string, id: string): Promise<boolean>;
  /** The streams the resource's events are appended to, in `orgId` ([] when there is no such resource). */
  streams(orgId: string, id: string): Promise<string[]>;
  /** The resources of this kind an appended event belongs to (cheap: called for every event of the log). */
  idsOf(event: RecordedEvent): string[];
  /** What a viewer receives of an event; absent: nothing but its type, position and time. */
  present?(event: RecordedEvent): unknown;
}

/** The kinds areas registered (at module init), by name. */
@Injectable()
export class RoomKinds {
  private readonly kinds = new Map<string, RoomKind>();

  register(name: string, kind: RoomKind): void {
    if (this.kinds.has(name)) throw new Error(`Room kind "${name}" is registered twice`);
    this.kinds.set(name, kind);
  }

  get(name: string): RoomKind | undefined {
    return this.kinds.get(name);
  }

  entries(): IterableIterator<[string, RoomKind]> {
    return this.kinds.entries();
  }

  get size(): number {
    return this.kinds.size;
  }
}
