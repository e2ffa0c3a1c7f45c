import {
  handoffNotificationsStream,
  WORKING_HOURS_DEFAULTS,
  type RecordedHandoffNotificationEvent,
} from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { handoffNotificationSettingsProjection as view } from './handoff-notification-settings.projection';

const recorded = eventRecorder<RecordedHandoffNotificationEvent>({ orgId: 'org-1', actorId: 'u1' });

const fields = {
  ...WORKING_HOURS_DEFAULTS,
  days: { ...WORKING_HOURS_DEFAULTS.days },
  notify_before_minutes: 30,
  notification_type: 'email' as const,
};

describe('handoff notification settings projection', () => {
  const log = eventLogPerTest('handoff');

  it('folds events under their old and new names alike, and applying them twice changes nothing', async () => {
    await log.events.append(
      handoffNotificationsStream('u1'),
      [
        recorded({ type: 'HandoffNotificationSaved', data: { id: 'h1', ...fields } }, '2026-01-01T00:00:00.000Z'),
        recorded({ type: 'HandoffNotificationSaved', data: { id: 'h2', ...fields } }, '2026-01-01T00:01:00.000Z'),
        recorded(
          { type: 'HandoffNotificationSettingSaved', data: { id: 'h1', ...fields, start_time: '08:00' } },
          '2026-01-01T00:02:00.000Z',
        ),
        recorded({ type: 'HandoffNotificationRemoved', data: { id: 'h2' } }, '2026-01-01T00:03:00.000Z'),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(handoffNotificationsStream('u1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: 'h1',
      orgId: 'org-1',
      userId: 'u1',
      ...fields,
      start_time: '08:00',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:02:00.000Z',
    };
    expect(await store.find(view.collection)).toEqual([expected]);

    const again = await applyBatch(store, view, first.checkpoint, history);
    expect(again.changes).toEqual([]);
    await log.events.append(
      handoffNotificationsStream('u1'),
      [recorded({ type: 'HandoffNotificationSettingRemoved', data: { id: 'h1' } }, '2026-01-01T00:04:00.000Z')],
      3,
    );
    await applyBatch(store, view, first.checkpoint, await log.events.readStream(handoffNotificationsStream('u1')));
    expect(await store.count(view.collection)).toBe(0);
  });
});
