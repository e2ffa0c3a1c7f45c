import type { AlertRuleEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { alertRulesView, type AlertRuleDoc } from '../../../signals/alert-rules.read-model';

/**
 * Each event names the team's whole order after it, so every rule whose place moved is rewritten with the
 * event: the rule it is about (created, changed, deleted, moved) and the others in the list.
 */
export const alertRulesProjection: Projection<AlertRuleDoc> = {
  name: alertRulesView.name,
  version: 1,
  collection: alertRulesView.collection,
  indexes: alertRulesView.indexes,
  handles: ['AlertRuleCreated', 'AlertRuleChanged', 'AlertRuleDeleted', 'AlertRuleMoved'],
  documentIds(recorded) {
    const event = { type: recorded.type, data: recorded.data } as AlertRuleEvent;
    const subject = 'rule' in event.data ? event.data.rule.id : event.data.ruleId;
    return [...new Set([subject, ...event.data.order])];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as AlertRuleEvent;
    const at = recorded.metadata.occurredAt;
    const { orgId, order } = event.data;
    const subject = 'rule' in event.data ? event.data.rule.id : event.data.ruleId;
    // a document absent here can only be the rule the event creates
    const id = doc ? doc._id : subject;
    const position = order.indexOf(id);
    if (id === subject) {
      switch (event.type) {
        case 'AlertRuleCreated':
          return { ...event.data.rule, _id: id, orgId, position, created_at: at, updated_at: at };
        case 'AlertRuleChanged':
          return doc && { ...doc, ...event.data.rule, position, updated_at: at };
        case 'AlertRuleDeleted':
          return null;
        case 'AlertRuleMoved':
          return doc && { ...doc, position, updated_at: at };
      }
    }
    if (!doc || position < 0 || doc.position === position) return doc;
    return { ...doc, position };
  },
};
