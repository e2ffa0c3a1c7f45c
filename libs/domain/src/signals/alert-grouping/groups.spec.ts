import {
  decideAlertGroups,
  evolveAlertGroups,
  groupingOf,
  initialAlertGroups,
  type AlertGroupEvent,
  type GroupAlert,
} from './groups';
import { decideGroupingRules } from './decide-rules';
import { evolveGroupingRules, initialGroupingRules, type CreateGroupingRule } from './rules';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const alert = (alertId: string, minute: number, extra: Partial<GroupAlert> = {}): GroupAlert => ({
  type: 'GroupAlert',
  orgId: 'org-1',
  teamId: 't1',
  ruleId: 'r1',
  window: 'PT5M',
  key: { 'labels.service': 'db' },
  groupId: `group-of-${alertId}`,
  alertId,
  alertStream: `alert-s-${alertId}`,
  alertEpisode: 1,
  summary: `Alert ${alertId}`,
  at: at(minute),
  ...extra,
});
const fold = (events: AlertGroupEvent[]) => events.reduce(evolveAlertGroups, initialAlertGroups());
/** Decides each command on the state the ones before left. */
function run(...commands: Parameters<typeof decideAlertGroups>[0][]) {
  const events: AlertGroupEvent[] = [];
  for (const command of commands) events.push(...decideAlertGroups(command, fold(events)));
  return events;
}

describe('alert groups of one key', () => {
  it('opens a group with the first alert, and the next ones within the window join it', () => {
    const events = run(alert('a', 0), alert('b', 4), alert('c', 8));
    expect(events.map((e) => e.type)).toEqual(['AlertGroupOpened', 'AlertJoinedGroup', 'AlertJoinedGroup']);
    const state = fold(events);
    expect(groupingOf(state, 'a')).toEqual({ groupId: 'group-of-a', role: 'first' });
    expect(groupingOf(state, 'c')).toEqual({ groupId: 'group-of-a', role: 'member' });
  });

  it('opens a new group once the window passed with no alert, or the group was resolved', () => {
    expect(run(alert('a', 0), alert('b', 6)).map((e) => e.type)).toEqual(['AlertGroupOpened', 'AlertGroupOpened']);
    const by = { kind: 'user' as const, userId: 'u1', via: 'web' as const };
    const resolve = { type: 'ResolveAlertGroup' as const, orgId: 'org-1', groupId: 'group-of-a', at: at(1), by };
    const events = run(alert('a', 0), resolve, alert('b', 2));
    expect(events.at(-1)).toMatchObject({ type: 'AlertGroupOpened', data: { groupId: 'group-of-b' } });
  });

  it('opens a new group when the first alert was resolved on its own, and decides a repeat of an alert once', () => {
    const events = run(alert('a', 0), alert('b', 1, { closedLeader: 'a' }));
    expect(events.at(-1)).toMatchObject({ type: 'AlertGroupOpened', data: { alertId: 'b' } });
    expect(run(alert('a', 0), alert('a', 1))).toHaveLength(1);
  });

  it('acknowledges a group with its members, once, and refuses another organization', () => {
    const by = { kind: 'user' as const, userId: 'u1', via: 'web' as const };
    const ack = { type: 'AcknowledgeAlertGroup' as const, orgId: 'org-1', groupId: 'group-of-a', at: at(2), by };
    const events = run(alert('a', 0), alert('b', 1), ack, ack);
    expect(events.filter((e) => e.type === 'AlertGroupAcknowledged')).toEqual([
      {
        type: 'AlertGroupAcknowledged',
        data: { orgId: 'org-1', groupId: 'group-of-a', at: at(2), by, memberIds: ['a', 'b'] },
      },
    ]);
    expect(() => decideAlertGroups({ ...ack, orgId: 'org-2' }, fold(events))).toThrow('Alert group not found');
    expect(() => decideAlertGroups({ ...ack, groupId: 'nope' }, fold(events))).toThrow('Alert group not found');
  });
});

describe('grouping rules of a team', () => {
  const create = (ruleId: string, extra: Partial<CreateGroupingRule> = {}): CreateGroupingRule => ({
    type: 'CreateGroupingRule',
    orgId: 'org-1',
    teamId: 't1',
    ruleId,
    name: `Rule ${ruleId}`,
    conditions: [],
    fields: ['labels.service'],
    window: 'PT10M',
    ...extra,
  });

  it('refuses bad fields with a message for each, and writes nothing', () => {
    const attempt = () =>
      decideGroupingRules(
        create('r', { name: ' ', fields: ['x', 'summary', 'summary'], window: 'PT25H' }),
        initialGroupingRules(),
      );
    expect(attempt).toThrow();
    try {
      attempt();
    } catch (error) {
      expect((error as { fields: Record<string, string[]> }).fields).toEqual({
        name: ['name is a required field'],
        'fields[0]': ['fields[0] must be source, summary, priority or labels.<name>'],
        'fields[2]': ['fields[2] names a field already in the list'],
        window: ['window must be an ISO-8601 duration in whole minutes from PT1M to PT24H'],
      });
    }
  });

  it('keeps the order, and refuses another organization', () => {
    let state = initialGroupingRules();
    for (const command of [create('a'), create('b', { position: 0 })])
      state = decideGroupingRules(command, state).reduce(evolveGroupingRules, state);
    expect(state.rules.map((rule) => rule.id)).toEqual(['b', 'a']);
    expect(() => decideGroupingRules({ ...create('c'), orgId: 'org-2' }, state)).toThrow('Team not found');
  });
});
