import { organizationStream } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { invitationsProjection as view } from './invitations.projection';

const recorded = eventRecorder({ orgId: 'o1', actorId: 'u0' });

const invitation = (invitationId: string, email: string) => ({
  organizationId: 'o1',
  invitationId,
  email,
  role: 'member',
  tokenHash: `h-${invitationId}`,
  expiresAt: '2026-01-08T00:00:00.000Z',
  invitedBy: 'u0',
});

describe('invitations projection', () => {
  const log = eventLogPerTest('invitations');

  it("reads invitations under their first name ('InvitationSent') and today's ('MemberInvited'), twice over to the same view", async () => {
    await log.events.append(
      organizationStream('o1'),
      [
        recorded({ type: 'InvitationSent', data: invitation('i1', 'before@example.com') }),
        recorded({ type: 'MemberInvited', data: invitation('i2', 'after@example.com') }),
        recorded({ type: 'InvitationAccepted', data: { organizationId: 'o1', invitationId: 'i1', userId: 'u1' } }),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(organizationStream('o1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const docs = await store.find<{ _id: string; email: string; status: string }>(
      view.collection,
      {},
      { sort: { _id: 1 } },
    );
    expect(docs.map(({ _id, email, status }) => ({ _id, email, status }))).toEqual([
      { _id: 'i1', email: 'before@example.com', status: 'accepted' },
      { _id: 'i2', email: 'after@example.com', status: 'pending' },
    ]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
  });
});
