import { ViewNames, type AlertTimelineEntryDetail } from '@tocsin/contracts';
import type { EscalationPolicySnapshot } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/**
 * What a timeline entry says, by kind (one entry per event of the alert's stream that a person reads): as the API
 * answers it, except the trigger's copy of the policy, kept as the event has it (the API presents it).
 */
export type AlertTimelineDetail = StoredDetail<AlertTimelineEntryDetail>;
type StoredDetail<T> = T extends { kind: 'triggered' }
  ? Omit<T, 'policy'> & { policy: EscalationPolicySnapshot | null }
  : T;

/** GET /api/v1/signals/alerts/{id}/timeline: one document per entry, in the order of the log. */
export type AlertTimelineDoc = ViewDocument & {
  orgId: string;
  alertId: string;
  /** The alert's stream (what commands on the alert are decided on). */
  stream: string;
  episode: number;
  /** The log position: entries sort by it, even within a millisecond. */
  position: number;
  at: string;
} & AlertTimelineDetail;

const model = readModel<AlertTimelineDoc>({
  name: ViewNames.alertTimeline,
  collection: 'alert_timeline',
  indexes: [
    { keys: { orgId: 1, alertId: 1, position: 1 } },
    { keys: { alertId: 1, position: 1 } },
    { keys: { kind: 1, address: 1, position: -1 } },
  ],
});

export const alertTimelineView = {
  ...model,
  /** The alert's entries, oldest first; another organization's alert has none. */
  ofAlert: (reader: ViewReader, orgId: string, alertId: string) =>
    model.find(reader, { orgId, alertId }, { sort: { position: 1 } }),
  /** The alert's first entry (its stream and organization), or null for an unknown or another organization's alert. */
  firstOf: async (reader: ViewReader, orgId: string, alertId: string) =>
    (await model.find(reader, { orgId, alertId }, { sort: { position: 1 }, limit: 1 }))[0] ?? null,
  /**
   * The alert's first entry in whatever organization it is: only for callers that proved a right to the
   * alert itself (a signed link, a paged phone number), never with an id a client chose.
   */
  firstInAnyOrg: async (reader: ViewReader, alertId: string) =>
    (await model.find(reader, { alertId }, { sort: { position: 1 }, limit: 1 }))[0] ?? null,
  /** Notifications attempted to `address` (a phone number), newest first: who an SMS reply comes from. */
  attemptsTo: (reader: ViewReader, address: string, limit = 50) =>
    model.find(reader, { kind: 'notification_attempted', address }, { sort: { position: -1 }, limit }),
};
