import { userStream, type UserEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { usersProjection as view } from './users.projection';

const recorded = eventRecorder<UserEvent>({ orgId: null, actorId: 'u1' });

describe('users projection', () => {
  const log = eventLogPerTest('users');

  it('folds a profile, password, avatar, calendar token and email change, and a redelivered event changes nothing', async () => {
    await log.events.append(
      userStream('u1'),
      [
        recorded(
          { type: 'UserRegistered', data: { userId: 'u1', email: 'ada@example.com', name: 'Ada', passwordHash: 'h1' } },
          minute(0),
        ),
        recorded({ type: 'ProfileUpdated', data: { userId: 'u1', name: 'Ada Lovelace' } }, minute(1)),
        recorded({ type: 'DefaultOrganizationSet', data: { userId: 'u1', organizationId: 'o1' } }, minute(2)),
        recorded({ type: 'AvatarChanged', data: { userId: 'u1', imageName: 'a1.png' } }, minute(3)),
        recorded(
          { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'r1', expiresAt: minute(60) } },
          minute(4),
        ),
        recorded(
          { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'r2', expiresAt: minute(65) } },
          minute(5),
        ),
        recorded({ type: 'CalendarTokenIssued', data: { userId: 'u1', token: 'cal' } }, minute(6)),
        recorded(
          {
            type: 'EmailChangeRequested',
            data: { userId: 'u1', email: 'ada@new.example', tokenHash: 'e1', expiresAt: minute(600) },
          },
          minute(7),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(userStream('u1'));
    const { store, checkpoint, changes } = await project(view, history);
    const expected = {
      _id: 'u1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      passwordHash: 'h1',
      defaultOrganization: 'o1',
      createdAt: minute(0),
      passwordChangedAt: null,
      avatar: 'a1.png',
      calendarToken: 'cal',
      resetTokenHashes: ['r1', 'r2'],
      pendingEmail: { email: 'ada@new.example', tokenHash: 'e1', expiresAt: minute(600) },
      emailChangeTokenHash: 'e1',
      ssoEnabled: false,
      ssoOrganizationId: null,
    };
    expect(await documentsOf(store, view)).toEqual([expected]);
    expect(changes).toEqual([
      { view: 'users', ids: ['u1'], orgId: null, position: history[history.length - 1].position },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('a reset or changed password voids the reset links; a confirmed email clears the pending one; SSO links', async () => {
    await log.events.append(
      userStream('u2'),
      [
        recorded(
          {
            type: 'UserRegistered',
            data: { userId: 'u2', email: 'grace@example.com', name: 'Grace', passwordHash: 'h1' },
          },
          minute(0),
        ),
        recorded(
          { type: 'PasswordResetRequested', data: { userId: 'u2', tokenHash: 'r1', expiresAt: minute(60) } },
          minute(1),
        ),
        recorded(
          {
            type: 'EmailChangeRequested',
            data: { userId: 'u2', email: 'grace@new.example', tokenHash: 'e1', expiresAt: minute(600) },
          },
          minute(2),
        ),
      ],
      'no_stream',
    );
    const { store, checkpoint } = await project(view, await log.events.readStream(userStream('u2')));

    await log.events.append(
      userStream('u2'),
      [
        recorded({ type: 'PasswordReset', data: { userId: 'u2', tokenHash: 'r1', passwordHash: 'h2' } }, minute(3)),
        recorded(
          {
            type: 'EmailChanged',
            data: { userId: 'u2', previousEmail: 'grace@example.com', email: 'grace@new.example' },
          },
          minute(4),
        ),
        recorded(
          { type: 'PasswordResetRequested', data: { userId: 'u2', tokenHash: 'r2', expiresAt: minute(70) } },
          minute(5),
        ),
        recorded({ type: 'PasswordChanged', data: { userId: 'u2', passwordHash: 'h3' } }, minute(6)),
        recorded({ type: 'SsoLinked', data: { userId: 'u2', organizationId: 'o1' } }, minute(7)),
      ],
      2,
    );
    const history = await log.events.readStream(userStream('u2'));
    const next = await applyBatch(store, view, checkpoint, history);
    expect(await store.findOne(view.collection, { _id: 'u2' })).toMatchObject({
      email: 'grace@new.example',
      passwordHash: 'h3',
      passwordChangedAt: minute(6),
      resetTokenHashes: [],
      pendingEmail: null,
      emailChangeTokenHash: null,
      ssoEnabled: true,
      ssoOrganizationId: 'o1',
    });

    await expectRedeliveryChangesNothing(store, view, next.checkpoint, history);
  });

  it('ignores a change to a user the view does not hold', async () => {
    await log.events.append(
      userStream('ghost'),
      [recorded({ type: 'ProfileUpdated', data: { userId: 'ghost', name: 'Nobody' } })],
      'no_stream',
    );
    const { store } = await project(view, await log.events.readStream(userStream('ghost')));
    expect(await store.count(view.collection)).toBe(0);
  });
});
