import { phoneStream, type PhoneEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { phonesProjection as view } from './phones.projection';

const recorded = eventRecorder<PhoneEvent>({ orgId: null, actorId: 'u1' });
const code = (sentAt: string) => ({ salt: 's', codeHash: 'secret', sentAt, expiresAt: minute(30) });

describe('phones projection', () => {
  const log = eventLogPerTest('phones');

  it('folds a number through its verification, never shows its codes, drops a removed one; redelivery changes nothing', async () => {
    await log.events.append(
      phoneStream('p1'),
      [
        recorded(
          { type: 'PhoneAdded', data: { phoneId: 'p1', userId: 'u1', number: '+14155550100', method: 'sms' } },
          minute(0),
        ),
        recorded(
          { type: 'PhoneVerificationSent', data: { phoneId: 'p1', method: 'voice', ...code(minute(1)) } },
          minute(1),
        ),
        recorded({ type: 'PhoneVerificationFailed', data: { phoneId: 'p1', attempts: 1 } }, minute(2)),
        recorded({ type: 'PhoneVerified', data: { phoneId: 'p1', userId: 'u1', via: 'code' } }, minute(3)),
      ],
      'no_stream',
    );
    await log.events.append(
      phoneStream('p2'),
      [
        recorded(
          { type: 'PhoneAdded', data: { phoneId: 'p2', userId: 'u1', number: '+14155550101', method: 'whats_app' } },
          minute(4),
        ),
        recorded({ type: 'PhoneRemoved', data: { phoneId: 'p2', userId: 'u1' } }, minute(5)),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, phoneStream('p1'), phoneStream('p2'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        _id: 'p1',
        userId: 'u1',
        number: '+14155550100',
        verification_method: 'voice',
        verified: true,
        addedAt: history[0].position,
        created_at: minute(0),
        updated_at: minute(3),
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
