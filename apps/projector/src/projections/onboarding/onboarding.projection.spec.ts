import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onboardingStream, type OnboardingEvent } from '@tocsin/domain';
import { MemoryReadStore, SqliteEventStore, type EventStore, type NewEvent } from '@tocsin/platform';
import { applyBatch } from '../../runner/apply-batch';
import { onboardingProjection as view } from './onboarding.projection';

let seq = 0;
function recorded(event: OnboardingEvent, occurredAt: string): NewEvent {
  seq++;
  const commandId = `c${seq}`;
  const metadata = { orgId: 'org-1', actorId: 'u1', commandId, correlationId: commandId, causationId: commandId, occurredAt, schemaVersion: 1 };
  return { id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, type: event.type, data: event.data, metadata };
}

describe('onboarding projection', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-onboarding-view-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("folds an organization's checklist, and applying the same events twice changes nothing", async () => {
    const organizationId = 'org-1';
    await events.append(
      onboardingStream(organizationId),
      [
        recorded({ type: 'OnboardingTaskCompleted', data: { organizationId, slug: 'configure_notification_preferences', userId: 'u1' } }, '2026-01-01T00:00:00.000Z'),
        recorded({ type: 'IntegrationSelected', data: { organizationId, integration: 'slack' } }, '2026-01-01T00:01:00.000Z'),
        recorded({ type: 'OnboardingTaskCompleted', data: { organizationId, slug: 'select_integration', userId: null } }, '2026-01-01T00:01:00.000Z'),
        recorded({ type: 'IntegrationSelected', data: { organizationId, integration: 'zoom' } }, '2026-01-01T00:02:00.000Z'),
        recorded({ type: 'OnboardingDismissed', data: { organizationId } }, '2026-01-01T00:03:00.000Z'),
      ],
      'no_stream',
    );
    const history = await events.readStream(onboardingStream(organizationId));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: organizationId,
      orgId: organizationId,
      dismissed: true,
      completed: ['select_integration'],
      completedByUser: { u1: ['configure_notification_preferences'] },
      integration: 'zoom',
      updated_at: '2026-01-01T00:03:00.000Z',
    };
    expect(await store.find(view.collection)).toEqual([expected]);
    expect(first.changes.map((c) => c.orgId)).toEqual([organizationId]);

    const again = await applyBatch(store, view, first.checkpoint, history);
    expect(again.changes).toEqual([]);
    const stale = await applyBatch(store, view, { position: null, version: view.version }, history);
    expect(stale.changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });
});
