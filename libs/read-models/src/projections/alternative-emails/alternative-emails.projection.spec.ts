import { alternativeEmailStream, type AlternativeEmailEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { alternativeEmailsProjection as view } from './alternative-emails.projection';

const recorded = eventRecorder<AlternativeEmailEvent>({ orgId: null, actorId: 'u1' });
const link = (tokenHash: string, sentAt: string) => ({ tokenHash, sentAt, expiresAt: minute(24 * 60) });

describe('alternative emails projection', () => {
  const log = eventLogPerTest('alternative-emails');

  it('keeps the newest link of an address until it is verified, drops a removed one; redelivery changes nothing', async () => {
    await log.events.append(
      alternativeEmailStream('a1'),
      [
        recorded(
          {
            type: 'AlternativeEmailAdded',
            data: { alternativeEmailId: 'a1', userId: 'u1', email: 'ada@work.example', ...link('t1', minute(0)) },
          },
          minute(0),
        ),
        recorded(
          { type: 'AlternativeEmailVerificationSent', data: { alternativeEmailId: 'a1', ...link('t2', minute(1)) } },
          minute(1),
        ),
        recorded({ type: 'AlternativeEmailVerified', data: { alternativeEmailId: 'a1', userId: 'u1' } }, minute(2)),
      ],
      'no_stream',
    );
    await log.events.append(
      alternativeEmailStream('a2'),
      [
        recorded(
          {
            type: 'AlternativeEmailAdded',
            data: { alternativeEmailId: 'a2', userId: 'u1', email: 'ada@home.example', ...link('t3', minute(3)) },
          },
          minute(3),
        ),
        recorded({ type: 'AlternativeEmailRemoved', data: { alternativeEmailId: 'a2', userId: 'u1' } }, minute(4)),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, alternativeEmailStream('a1'), alternativeEmailStream('a2'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      {
        _id: 'a1',
        userId: 'u1',
        email: 'ada@work.example',
        verified: true,
        tokenHash: 't2',
        addedAt: history[0].position,
        created_at: minute(0),
        updated_at: minute(2),
      },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
