import { organizationStream, type OrganizationEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../test/support/projection-spec';
import { membershipsProjection as view } from './memberships.projection';

const recorded = eventRecorder<OrganizationEvent>({ orgId: 'o1', actorId: 'u1' });

describe('memberships projection', () => {
  const log = eventLogPerTest('memberships');

  it('keeps one role per member, the first join time across role changes, forgets a removed member; redelivery changes nothing', async () => {
    await log.events.append(
      organizationStream('o1'),
      [
        recorded({ type: 'OrganizationCreated', data: { organizationId: 'o1', name: 'Ops', tier: 'free' } }, minute(0)),
        recorded({ type: 'MemberAdded', data: { organizationId: 'o1', userId: 'u1', role: 'owner' } }, minute(0)),
        recorded({ type: 'MemberAdded', data: { organizationId: 'o1', userId: 'u2', role: 'viewer' } }, minute(1)),
        recorded({ type: 'MemberAdded', data: { organizationId: 'o1', userId: 'u3', role: 'member' } }, minute(2)),
        recorded(
          { type: 'RoleGranted', data: { organizationId: 'o1', userId: 'u2', role: 'collaborator' } },
          minute(3),
        ),
        recorded({ type: 'OrganizationRenamed', data: { organizationId: 'o1', name: 'Operations' } }, minute(4)),
        recorded({ type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'u3' } }, minute(5)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(organizationStream('o1'));
    const { store, checkpoint, changes } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      { _id: 'o1:u1', orgId: 'o1', userId: 'u1', role: 'owner', joinedAt: minute(0) },
      { _id: 'o1:u2', orgId: 'o1', userId: 'u2', role: 'collaborator', joinedAt: minute(1) },
    ]);
    expect(changes).toEqual([
      {
        view: 'memberships',
        ids: ['o1:u1', 'o1:u2', 'o1:u3'],
        orgId: 'o1',
        position: history[history.length - 1].position,
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('keeps a person in two organizations apart', async () => {
    await log.events.append(
      organizationStream('o1'),
      [recorded({ type: 'MemberAdded', data: { organizationId: 'o1', userId: 'u1', role: 'owner' } })],
      'no_stream',
    );
    await log.events.append(
      organizationStream('o2'),
      [
        recorded(
          { type: 'MemberAdded', data: { organizationId: 'o2', userId: 'u1', role: 'viewer' } },
          { orgId: 'o2' },
        ),
      ],
      'no_stream',
    );
    const { store } = await project(view, [
      ...(await log.events.readStream(organizationStream('o1'))),
      ...(await log.events.readStream(organizationStream('o2'))),
    ]);
    expect(await store.find(view.collection, { userId: 'u1' }, { sort: { _id: 1 } })).toEqual([
      expect.objectContaining({ _id: 'o1:u1', orgId: 'o1', role: 'owner' }),
      expect.objectContaining({ _id: 'o2:u1', orgId: 'o2', role: 'viewer' }),
    ]);
  });
});
