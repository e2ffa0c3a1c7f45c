import type { AlertGroupEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { alertGroupsView, type AlertGroupDoc } from '../../../signals/alert-groups.read-model';

/**
 * The groups alerts formed, with their alerts' ids. A group whose window passed stays `open` here; the API
 * shows it `closed` from its `closes_at` (a view cannot change with the clock alone).
 */
export const alertGroupsProjection: Projection<AlertGroupDoc> = {
  name: alertGroupsView.name,
  version: 1,
  collection: alertGroupsView.collection,
  indexes: alertGroupsView.indexes,
  handles: ['AlertGroupOpened', 'AlertJoinedGroup', 'AlertGroupAcknowledged', 'AlertGroupResolved'],
  documentIds: (recorded) => [(recorded.data as { groupId: string }).groupId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as AlertGroupEvent;
    switch (event.type) {
      case 'AlertGroupOpened': {
        if (doc) return doc;
        const { orgId, teamId, ruleId, groupId, key, alertId, summary, at, closesAt } = event.data;
        return {
          _id: groupId,
          orgId,
          teamId,
          ruleId,
          stream: recorded.stream,
          key,
          summary,
          status: 'open',
          firstAlertId: alertId,
          memberIds: [alertId],
          alertCount: 1,
          opened_at: at,
          last_alert_at: at,
          closes_at: closesAt,
          acknowledged_by: null,
          resolved_by: null,
        };
      }
      case 'AlertJoinedGroup': {
        const { alertId, at, closesAt } = event.data;
        if (!doc || doc.memberIds.includes(alertId)) return doc;
        const memberIds = [...doc.memberIds, alertId];
        return { ...doc, memberIds, alertCount: memberIds.length, last_alert_at: at, closes_at: closesAt };
      }
      case 'AlertGroupAcknowledged':
        return doc && doc.status === 'open' ? { ...doc, status: 'acknowledged', acknowledged_by: event.data.by } : doc;
      case 'AlertGroupResolved':
        return doc && { ...doc, status: 'resolved', resolved_by: event.data.by };
    }
  },
};
