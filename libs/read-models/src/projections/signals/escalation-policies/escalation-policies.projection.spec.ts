import { escalationPolicyStream, type EscalationPolicyEvent } from '@tocsin/domain';
import { policySnapshot, type EscalationPolicyDoc } from '@tocsin/read-models';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { escalationPoliciesProjection as view } from './escalation-policies.projection';

const recorded = eventRecorder<EscalationPolicyEvent>({ orgId: 'org-1', actorId: 'u0' });
const steps = [{ timeoutMinutes: 5, targets: [{ type: 'user' as const, id: 'u1' }] }];

describe('escalation policies projection', () => {
  const log = eventLogPerTest('escalation-policies');

  it('folds a policy with the revision of its last change, and redelivery changes nothing', async () => {
    await log.events.append(
      escalationPolicyStream('p1'),
      [
        recorded(
          {
            type: 'EscalationPolicyCreated',
            data: {
              policyId: 'p1',
              orgId: 'org-1',
              teamId: 't1',
              name: 'Primary',
              steps,
              repeat: 1,
              ackReminderMinutes: null,
            },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'EscalationPolicyChanged',
            data: { policyId: 'p1', teamId: 't1', name: 'Primary', steps, repeat: 3, ackReminderMinutes: 30 },
          },
          minute(5),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(escalationPolicyStream('p1'));
    const { store, checkpoint } = await project(view, history);
    const expected: EscalationPolicyDoc = {
      _id: 'p1',
      orgId: 'org-1',
      teamId: 't1',
      name: 'Primary',
      steps,
      repeat: 3,
      ackReminderMinutes: 30,
      revision: 1,
      created_at: minute(0),
      updated_at: minute(5),
    };
    expect(await documentsOf(store, view)).toEqual([expected]);
    expect(policySnapshot(expected)).toEqual({
      policyId: 'p1',
      name: 'Primary',
      revision: 1,
      steps,
      repeat: 3,
      ackReminderMinutes: 30,
    });
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('removes a deleted policy', async () => {
    await log.events.append(
      escalationPolicyStream('p2'),
      [
        recorded({
          type: 'EscalationPolicyCreated',
          data: {
            policyId: 'p2',
            orgId: 'org-1',
            teamId: 't1',
            name: 'Gone',
            steps,
            repeat: 0,
            ackReminderMinutes: null,
          },
        }),
        recorded({ type: 'EscalationPolicyDeleted', data: { policyId: 'p2', teamId: 't1' } }),
      ],
      'no_stream',
    );
    const { store } = await project(view, await log.events.readStream(escalationPolicyStream('p2')));
    expect(await documentsOf(store, view)).toEqual([]);
  });
});
