import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handoffNotificationsStream, WORKING_HOURS_DEFAULTS, type RecordedHandoffNotificationEvent } from '@tocsin/domain';
import { MemoryReadStore, SqliteEventStore, type EventStore, type NewEvent } from '@tocsin/platform';
import { applyBatch } from '../../runner/apply-batch';
import { handoffNotificationSettingsProjection as view } from './handoff-notification-settings.projection';

let seq = 0;
function recorded(event: RecordedHandoffNotificationEvent, occurredAt: string): NewEvent {
  seq++;
  const commandId = `c${seq}`;
  const metadata = { orgId: 'org-1', actorId: 'u1', commandId, correlationId: commandId, causationId: commandId, occurredAt, schemaVersion: 1 };
  return { id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, type: event.type, data: event.data, metadata };
}

const fields = { ...WORKING_HOURS_DEFAULTS, days: { ...WORKING_HOURS_DEFAULTS.days }, notify_before_minutes: 30, notification_type: 'email' as const };

describe('handoff notification settings projection', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-handoff-view-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folds events under their old and new names alike, and applying them twice changes nothing', async () => {
    await events.append(
      handoffNotificationsStream('u1'),
      [
        recorded({ type: 'HandoffNotificationSaved', data: { id: 'h1', ...fields } }, '2026-01-01T00:00:00.000Z'),
        recorded({ type: 'HandoffNotificationSaved', data: { id: 'h2', ...fields } }, '2026-01-01T00:01:00.000Z'),
        recorded({ type: 'HandoffNotificationSettingSaved', data: { id: 'h1', ...fields, start_time: '08:00' } }, '2026-01-01T00:02:00.000Z'),
        recorded({ type: 'HandoffNotificationRemoved', data: { id: 'h2' } }, '2026-01-01T00:03:00.000Z'),
      ],
      'no_stream',
    );
    const history = await events.readStream(handoffNotificationsStream('u1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = { _id: 'h1', orgId: 'org-1', userId: 'u1', ...fields, start_time: '08:00', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:02:00.000Z' };
    expect(await store.find(view.collection)).toEqual([expected]);

    const again = await applyBatch(store, view, first.checkpoint, history);
    expect(again.changes).toEqual([]);
    await events.append(handoffNotificationsStream('u1'), [recorded({ type: 'HandoffNotificationSettingRemoved', data: { id: 'h1' } }, '2026-01-01T00:04:00.000Z')], 3);
    await applyBatch(store, view, first.checkpoint, await events.readStream(handoffNotificationsStream('u1')));
    expect(await store.count(view.collection)).toBe(0);
  });
});
