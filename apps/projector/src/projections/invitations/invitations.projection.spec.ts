import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { organizationStream } from '@tocsin/domain';
import { MemoryReadStore, SqliteEventStore, type EventStore, type NewEvent } from '@tocsin/platform';
import { applyBatch } from '../../runner/apply-batch';
import { invitationsProjection as view } from './invitations.projection';

let seq = 0;
function recorded(type: string, data: unknown): NewEvent {
  seq++;
  const commandId = `c${seq}`;
  const metadata = { orgId: 'o1', actorId: 'u0', commandId, correlationId: commandId, causationId: commandId, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  return { id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, type, data, metadata };
}

const invitation = (invitationId: string, email: string) => ({ organizationId: 'o1', invitationId, email, role: 'member', tokenHash: `h-${invitationId}`, expiresAt: '2026-01-08T00:00:00.000Z', invitedBy: 'u0' });

describe('invitations projection', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-invitations-view-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads invitations under their first name ('InvitationSent') and today's ('MemberInvited'), twice over to the same view", async () => {
    await events.append(
      organizationStream('o1'),
      [
        recorded('InvitationSent', invitation('i1', 'before@example.com')),
        recorded('MemberInvited', invitation('i2', 'after@example.com')),
        recorded('InvitationAccepted', { organizationId: 'o1', invitationId: 'i1', userId: 'u1' }),
      ],
      'no_stream',
    );
    const history = await events.readStream(organizationStream('o1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const docs = await store.find<{ _id: string; email: string; status: string }>(view.collection, {}, { sort: { _id: 1 } });
    expect(docs.map(({ _id, email, status }) => ({ _id, email, status }))).toEqual([
      { _id: 'i1', email: 'before@example.com', status: 'accepted' },
      { _id: 'i2', email: 'after@example.com', status: 'pending' },
    ]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
  });
});
