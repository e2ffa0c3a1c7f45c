import { ON_CALL_SCHEDULE_EVENT_TYPES, type OnCallScheduleEvent, type OrganizationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import {
  onCallRemovalsView,
  onCallSchedulesView,
  type OnCallRemovalDoc,
  type OnCallScheduleDoc,
} from '../../../signals/on-call-schedules.read-model';

/**
 * Each event that changes the rules adds a version from the moment it was decided (the metadata's
 * `occurredAt`, the api's clock): a past moment is computed with the rules of that moment.
 */
export const onCallSchedulesProjection: Projection<OnCallScheduleDoc> = {
  name: onCallSchedulesView.name,
  version: 1,
  collection: onCallSchedulesView.collection,
  indexes: onCallSchedulesView.indexes,
  handles: ON_CALL_SCHEDULE_EVENT_TYPES,
  documentIds: (event) => [(event.data as { scheduleId: string }).scheduleId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OnCallScheduleEvent;
    const at = recorded.metadata.occurredAt;
    const stamp = { revision: recorded.revision, updated_at: at };
    if (event.type === 'OnCallScheduleCreated') {
      const { scheduleId, orgId, teamId, name, definition } = event.data;
      return {
        _id: scheduleId,
        orgId,
        teamId,
        name,
        definition,
        versions: [{ from: at, definition }],
        swaps: [],
        feedTokenHash: null,
        created_at: at,
        ...stamp,
      };
    }
    if (!doc) return null;
    if (event.type === 'OnCallScheduleDeleted') return null;
    if (event.type === 'ShiftSwapRequested') {
      const { swapId, requesterId, start, end, note } = event.data;
      const swap = {
        swapId,
        requesterId,
        start,
        end,
        note,
        status: 'open' as const,
        takerId: null,
        assignedBy: null,
        overrideId: null,
      };
      return { ...doc, swaps: [...doc.swaps, swap], ...stamp };
    }
    if (event.type === 'ShiftSwapCancelled')
      return {
        ...doc,
        swaps: doc.swaps.map((s) => (s.swapId === event.data.swapId ? { ...s, status: 'cancelled' as const } : s)),
        ...stamp,
      };
    if (event.type === 'ScheduleFeedTokenRotated') return { ...doc, feedTokenHash: event.data.tokenHash, ...stamp };
    const { definition } = event.data;
    const swaps =
      event.type === 'ShiftSwapTaken'
        ? doc.swaps.map((s) =>
            s.swapId === event.data.swapId
              ? {
                  ...s,
                  status: 'taken' as const,
                  takerId: event.data.takerId,
                  assignedBy: event.data.assignedBy,
                  overrideId: event.data.override.id,
                }
              : s,
          )
        : doc.swaps;
    const name = event.type === 'OnCallScheduleChanged' ? event.data.name : doc.name;
    // two edits in the same millisecond: the later one replaces the version (a zero-length version holds nowhere)
    const kept = doc.versions.at(-1)?.from === at ? doc.versions.slice(0, -1) : doc.versions;
    return { ...doc, name, definition, swaps, versions: [...kept, { from: at, definition }], ...stamp };
  },
};

/** Removals from organizations (MemberRemoved), dropped when the person is added back. */
export const onCallRemovalsProjection: Projection<OnCallRemovalDoc> = {
  name: onCallRemovalsView.name,
  version: 1,
  collection: onCallRemovalsView.collection,
  indexes: onCallRemovalsView.indexes,
  handles: ['MemberRemoved', 'MemberAdded'],
  documentIds: (event) => {
    const { organizationId, userId } = event.data as { organizationId: string; userId: string };
    return [`${organizationId}:${userId}`];
  },
  evolve(_doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as OrganizationEvent;
    if (event.type !== 'MemberRemoved') return null;
    const { organizationId, userId } = event.data;
    return { _id: `${organizationId}:${userId}`, orgId: organizationId, userId, at: recorded.metadata.occurredAt };
  },
};
