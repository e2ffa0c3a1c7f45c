import { alertRulesStream, type AlertRule, type AlertRuleEvent } from '@tocsin/domain';
import { alertRulesView } from '@tocsin/read-models';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { alertRulesProjection as view } from './alert-rules.projection';

const recorded = eventRecorder<AlertRuleEvent>({ orgId: 'org-1', actorId: 'u0' });
const base = { orgId: 'org-1', teamId: 't1' };
const rule = (id: string): AlertRule => ({
  id,
  teamId: 't1',
  name: `Rule ${id}`,
  conditions: [{ field: 'labels.service', operator: 'equals', value: id }],
  action: { type: 'drop' },
});

describe('alert rules projection', () => {
  const log = eventLogPerTest('alert-rules');

  it('keeps every rule at its place through creations, a move, a change and a deletion', async () => {
    await log.events.append(
      alertRulesStream('t1'),
      [
        recorded({ type: 'AlertRuleCreated', data: { ...base, rule: rule('a'), order: ['a'] } }, minute(0)),
        recorded({ type: 'AlertRuleCreated', data: { ...base, rule: rule('b'), order: ['a', 'b'] } }, minute(1)),
        recorded({ type: 'AlertRuleCreated', data: { ...base, rule: rule('c'), order: ['c', 'a', 'b'] } }, minute(2)),
        recorded({ type: 'AlertRuleMoved', data: { ...base, ruleId: 'b', order: ['b', 'c', 'a'] } }, minute(3)),
        recorded(
          {
            type: 'AlertRuleChanged',
            data: { ...base, rule: { ...rule('a'), name: 'Renamed' }, order: ['b', 'c', 'a'] },
          },
          minute(4),
        ),
        recorded({ type: 'AlertRuleDeleted', data: { ...base, ruleId: 'c', order: ['b', 'a'] } }, minute(5)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(alertRulesStream('t1'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        ...rule('a'),
        name: 'Renamed',
        _id: 'a',
        orgId: 'org-1',
        position: 1,
        created_at: minute(0),
        updated_at: minute(4),
      },
      { ...rule('b'), _id: 'b', orgId: 'org-1', position: 0, created_at: minute(1), updated_at: minute(3) },
    ]);
    expect((await alertRulesView.ofTeam(store, 'org-1', 't1')).map((doc) => doc.id)).toEqual(['b', 'a']);
    expect(await alertRulesView.ofTeam(store, 'org-2', 't1')).toEqual([]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
