import type { IncidentEntryKind } from '@tocsin/contracts';
import { INCIDENT_EVENT_TYPES, type IncidentEvent } from '@tocsin/domain';
import {
  incidentTimelineId,
  incidentTimelineView,
  type IncidentTimelineDoc,
} from '../../../incidents/incident-timeline.read-model';
import type { Projection, RecordedEvent } from '../../../projection';

const KINDS: Record<IncidentEvent['type'], IncidentEntryKind> = {
  IncidentDeclared: 'declared',
  IncidentFieldsChanged: 'fields_changed',
  IncidentMilestoneSet: 'milestone_set',
  IncidentMilestoneCleared: 'milestone_cleared',
  IncidentRoleAssigned: 'role_assigned',
  IncidentTaskAdded: 'task_added',
  IncidentTaskChanged: 'task_changed',
  IncidentTaskRemoved: 'task_removed',
  IncidentTaskListApplied: 'task_list_applied',
  IncidentFollowUpAdded: 'follow_up_added',
  IncidentFollowUpChanged: 'follow_up_changed',
  IncidentNoteAdded: 'note',
  IncidentStatusUpdatePosted: 'status_update',
  IncidentLinkAdded: 'link_added',
  IncidentLinkRemoved: 'link_removed',
  IncidentEntryStarred: 'entry_starred',
  IncidentTeamPaged: 'team_paged',
  IncidentTeamPageFailed: 'team_page_failed',
};

/** Bookkeeping the room folds away by default: what no person wrote (their effects show in other entries). */
const SYSTEM_KINDS: ReadonlySet<IncidentEntryKind> = new Set(['entry_starred', 'task_list_applied', 'team_paged']);

/**
 * An incident's timeline (issue 21): one entry per event of its stream, at the event's log position (the room's
 * catch-up cursor), with its actor. A star marks the starred entry too.
 */
export const incidentTimelineProjection: Projection<IncidentTimelineDoc> = {
  name: incidentTimelineView.name,
  version: 1,
  collection: incidentTimelineView.collection,
  indexes: incidentTimelineView.indexes,
  handles: INCIDENT_EVENT_TYPES,
  documentIds: (event) => {
    const { incidentId, position } = event.data as { incidentId: string; position?: number };
    const own = incidentTimelineId(incidentId, event.position);
    return event.type === 'IncidentEntryStarred' ? [own, incidentTimelineId(incidentId, position!)] : [own];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as IncidentEvent;
    const { incidentId } = event.data;
    const ownId = incidentTimelineId(incidentId, recorded.position);
    if (doc && doc._id !== ownId) {
      // the starred entry: the star's own event decides (a redelivery sets the same flag)
      return event.type === 'IncidentEntryStarred' ? { ...doc, starred: event.data.starred } : doc;
    }
    if (doc) return doc;
    const kind = KINDS[event.type];
    return {
      _id: ownId,
      orgId: recorded.metadata.orgId ?? '',
      incidentId,
      position: recorded.position,
      at: recorded.metadata.occurredAt,
      kind,
      actorId: recorded.metadata.actorId,
      system: SYSTEM_KINDS.has(kind) || recorded.metadata.actorId === null,
      starred: false,
      data: event.data as unknown as Record<string, unknown>,
    };
  },
};
