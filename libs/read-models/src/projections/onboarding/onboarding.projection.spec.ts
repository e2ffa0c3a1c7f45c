import { onboardingStream, type OnboardingEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { onboardingProjection as view } from './onboarding.projection';

const recorded = eventRecorder<OnboardingEvent>({ orgId: 'org-1', actorId: 'u1' });

describe('onboarding projection', () => {
  const log = eventLogPerTest('onboarding');

  it("folds an organization's checklist, and applying the same events twice changes nothing", async () => {
    const organizationId = 'org-1';
    await log.events.append(
      onboardingStream(organizationId),
      [
        recorded(
          {
            type: 'OnboardingTaskCompleted',
            data: { organizationId, slug: 'configure_notification_preferences', userId: 'u1' },
          },
          '2026-01-01T00:00:00.000Z',
        ),
        recorded(
          { type: 'IntegrationSelected', data: { organizationId, integration: 'slack' } },
          '2026-01-01T00:01:00.000Z',
        ),
        recorded(
          { type: 'OnboardingTaskCompleted', data: { organizationId, slug: 'select_integration', userId: null } },
          '2026-01-01T00:01:00.000Z',
        ),
        recorded(
          { type: 'IntegrationSelected', data: { organizationId, integration: 'zoom' } },
          '2026-01-01T00:02:00.000Z',
        ),
        recorded({ type: 'OnboardingDismissed', data: { organizationId } }, '2026-01-01T00:03:00.000Z'),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(onboardingStream(organizationId));
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
