import { ViewNames } from '@tocsin/contracts';
import type { AlertActor } from '@tocsin/domain';
import { readModel, type Filter, type ViewDocument, type ViewReader } from '../read-model';

/** One document per alert group: its key, its alerts' ids and where it stands. */
export interface AlertGroupDoc extends ViewDocument {
  orgId: string;
  teamId: string;
  ruleId: string;
  /** The group key's stream: acknowledging or resolving the group is decided there. */
  stream: string;
  key: Record<string, string>;
  summary: string;
  /** `open` until acknowledged, resolved, or its key opened a newer group (`closed`). */
  status: 'open' | 'acknowledged' | 'resolved' | 'closed';
  firstAlertId: string;
  memberIds: string[];
  alertCount: number;
  opened_at: string;
  last_alert_at: string;
  closes_at: string;
  acknowledged_by: AlertActor | null;
  resolved_by: AlertActor | null;
}

const model = readModel<AlertGroupDoc>({
  name: ViewNames.alertGroups,
  collection: 'alert_groups',
  indexes: [
    { keys: { orgId: 1, opened_at: -1 } },
    { keys: { orgId: 1, teamId: 1, opened_at: -1 } },
    { keys: { orgId: 1, status: 1, closes_at: 1 } },
  ],
});

export const alertGroupsView = {
  ...model,
  /** Another organization's group is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The organization's groups, newest first, of one team if given (the list shows the latest 200). */
  ofOrg: (reader: ViewReader, orgId: string, teamId?: string, limit = 200) => {
    const filter: Filter = { orgId };
    if (teamId) filter.teamId = teamId;
    return model.find(reader, filter, { sort: { opened_at: -1 }, limit });
  },
  /** The groups still taking alerts at `now` (open or acknowledged, window not passed), soonest to close first. */
  openOfOrg: (reader: ViewReader, orgId: string, now: string, limit = 200) =>
    model.find(
      reader,
      { orgId, status: { $in: ['open', 'acknowledged'] }, closes_at: { $gte: now } },
      { sort: { closes_at: 1 }, limit },
    ),
};
