import type { GroupingRuleEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { groupingRulesView, type GroupingRuleDoc } from '../../../signals/grouping-rules.read-model';

/** Each event names the team's whole order after it: every rule whose place moved is rewritten with it. */
export const groupingRulesProjection: Projection<GroupingRuleDoc> = {
  name: groupingRulesView.name,
  version: 1,
  collection: groupingRulesView.collection,
  indexes: groupingRulesView.indexes,
  handles: ['GroupingRuleSaved', 'GroupingRuleDeleted'],
  documentIds(recorded) {
    const event = { type: recorded.type, data: recorded.data } as GroupingRuleEvent;
    const subject = event.type === 'GroupingRuleSaved' ? event.data.rule.id : event.data.ruleId;
    return [...new Set([subject, ...event.data.order])];
  },
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as GroupingRuleEvent;
    const at = recorded.metadata.occurredAt;
    const { orgId, order } = event.data;
    const subject = event.type === 'GroupingRuleSaved' ? event.data.rule.id : event.data.ruleId;
    const id = doc ? doc._id : subject;
    const position = order.indexOf(id);
    if (id === subject) {
      if (event.type === 'GroupingRuleDeleted') return null;
      const created_at = doc?.created_at ?? at;
      return { ...event.data.rule, _id: id, orgId, position, created_at, updated_at: at };
    }
    if (!doc || position < 0 || doc.position === position) return doc;
    return { ...doc, position };
  },
};
