import type { EscalationPolicyEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { escalationPoliciesView, type EscalationPolicyDoc } from '../../../signals/escalation-policies.read-model';

export const escalationPoliciesProjection: Projection<EscalationPolicyDoc> = {
  name: escalationPoliciesView.name,
  version: 1,
  collection: escalationPoliciesView.collection,
  indexes: escalationPoliciesView.indexes,
  handles: ['EscalationPolicyCreated', 'EscalationPolicyChanged', 'EscalationPolicyDeleted'],
  documentIds: (event) => [(event.data as { policyId: string }).policyId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as EscalationPolicyEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'EscalationPolicyCreated': {
        const { policyId, orgId, teamId, name, steps, repeat, ackReminderMinutes } = event.data;
        return {
          _id: policyId,
          orgId,
          teamId,
          name,
          steps,
          repeat,
          ackReminderMinutes,
          // the stream's own revision: the snapshot an alert copies names the version that ran
          revision: recorded.revision,
          created_at: at,
          updated_at: at,
        };
      }
      case 'EscalationPolicyChanged': {
        const { name, steps, repeat, ackReminderMinutes } = event.data;
        return doc && { ...doc, name, steps, repeat, ackReminderMinutes, revision: recorded.revision, updated_at: at };
      }
      case 'EscalationPolicyDeleted':
        return null;
    }
  },
};
