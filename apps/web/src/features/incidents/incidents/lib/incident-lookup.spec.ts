import { describe, expect, it } from '@jest/globals';
import { describeIncidentEvent, type IncidentNamesResponse } from '@tocsin/contracts';
import { INCIDENT_NAMES_PEOPLE_MAX } from '@tocsin/domain';
import { incidentLookup, peopleOfEntries, peopleToName } from './incident-lookup';

const answer: IncidentNamesResponse['data'] = {
  milestones: [
    { id: 'm3', key: 'resolved', name: 'Fixed', position: 3 },
    { id: 'm1', key: 'started', name: 'Started', position: 1 },
  ],
  roles: [{ id: 'commander', name: 'Lead' }],
  severities: [{ id: 'sev1', name: 'Critical' }],
  priorities: [{ id: 'p1', name: 'Now' }],
  types: [{ id: 'default', name: 'Default' }],
  people: { u1: 'Ada Lovelace' },
};
const teams = [{ id: 't1', name: 'Payments' }];
const me = { id: 'me', name: 'Grace Hopper' };

describe('incidentLookup', () => {
  const names = incidentLookup(answer, teams, me);

  it("names what incidents carry by id, null for what they lack, and the settings' milestones in order", () => {
    expect([names.severity('sev1'), names.priority('p1'), names.type('default'), names.team('t1')]).toEqual([
      'Critical',
      'Now',
      'Default',
      'Payments',
    ]);
    expect([names.severity(null), names.priority(null), names.team(null), names.person(null)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(names.milestones.map((m) => m.key)).toEqual(['started', 'resolved']);
    expect(names.milestone('resolved')).toBe('Fixed');
    expect(names.role('commander')).toBe('Lead');
    // an id the settings no longer hold is shown as it is rather than hidden
    expect(names.severity('sev9')).toBe('sev9');
  });

  it('names people: the members asked for, the reader always, and no raw id for anyone else', () => {
    expect(names.person('u1')).toBe('Ada Lovelace');
    expect(names.person('me')).toBe('Grace Hopper');
    expect(names.person('gone')).toBe('A former member');
    // while the answer loads nobody is called a former member
    expect(incidentLookup(undefined, [], me).person('u1')).toBe('…');
    expect(incidentLookup(undefined, [], me).person('me')).toBe('Grace Hopper');
  });

  it('is what describes events too', () => {
    expect(describeIncidentEvent({ kind: 'role_assigned', data: { roleId: 'commander', userId: 'u1' } }, names)).toBe(
      'Lead assigned to Ada Lovelace',
    );
  });
});

describe('who to ask names for', () => {
  it('asks once per person, in one order, within what the API answers for', () => {
    expect(peopleToName(['b', null, 'a', 'b', undefined, ''])).toEqual(['a', 'b']);
    const many = Array.from({ length: INCIDENT_NAMES_PEOPLE_MAX + 5 }, (_, i) => `u${i}`);
    expect(peopleToName(many)).toHaveLength(INCIDENT_NAMES_PEOPLE_MAX);
  });

  it('takes who acted and whom roles, tasks and follow-ups went to from the entries', () => {
    expect(
      peopleOfEntries([
        { actor_id: 'a1', data: { roleId: 'commander', userId: 'u1' } },
        { actor_id: null, data: { assigneeId: 'u2', title: 'x' } },
        { actor_id: 'a1', data: { ownerId: 'u3', userId: null } },
      ]),
    ).toEqual(['a1', 'u1', 'u2', 'u3']);
  });
});
