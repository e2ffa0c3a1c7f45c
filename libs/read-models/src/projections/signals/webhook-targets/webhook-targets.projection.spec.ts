import {
  webhookDeliveryStream,
  webhookTargetStream,
  type WebhookDeliveryEvent,
  type WebhookTargetEvent,
} from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { webhookDeliveriesProjection, webhookTargetsProjection as view } from './webhook-targets.projection';

const recorded = eventRecorder<WebhookTargetEvent>({ orgId: 'org-1' });
const recordedDelivery = eventRecorder<WebhookDeliveryEvent>({ orgId: 'org-1' });
const settings = {
  name: 'Bus',
  url: 'https://hooks.example.com/x',
  eventTypes: ['alert.triggered' as const],
  teamIds: [],
};

describe('webhook targets projection', () => {
  const log = eventLogPerTest('webhook-targets');

  it('keeps the secrets, the failure count and the pause, from the position it was made at', async () => {
    const stream = webhookTargetStream('w1');
    await log.events.append(
      stream,
      [
        recorded(
          {
            type: 'WebhookTargetCreated',
            data: { targetId: 'w1', orgId: 'org-1', secret: 's1', secretHint: 'abcd', ...settings },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'WebhookTargetSecretRotated',
            data: { targetId: 'w1', secret: 's2', secretHint: 'wxyz', previousSecret: 's1' },
          },
          minute(1),
        ),
        recorded(
          { type: 'WebhookTargetFailed', data: { targetId: 'w1', failures: 10, since: minute(0), at: minute(2) } },
          minute(2),
        ),
        recorded(
          {
            type: 'WebhookTargetPaused',
            data: { targetId: 'w1', orgId: 'org-1', failures: 10, since: minute(0), at: minute(2) },
          },
          minute(2),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect(await store.find(view.collection)).toEqual([
      expect.objectContaining({
        _id: 'w1',
        secret: 's2',
        previousSecret: 's1',
        failures: 10,
        failingSince: minute(0),
        status: 'paused',
        pausedAt: minute(2),
        since: history[0].position,
      }),
    ]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('keeps one document per try in the delivery log', async () => {
    const stream = webhookDeliveryStream('w1', '7');
    const data = {
      targetId: 'w1',
      orgId: 'org-1',
      eventId: '7',
      eventType: 'alert.triggered' as const,
      round: 0,
      at: minute(0),
      durationMs: 5,
      statusCode: 500,
      ok: false,
      error: '500',
    };
    await log.events.append(
      stream,
      [
        recordedDelivery({ type: 'WebhookDeliveryAttempted', data: { ...data, attempt: 1 } }),
        recordedDelivery({
          type: 'WebhookDeliveryAttempted',
          data: { ...data, attempt: 2, ok: true, statusCode: 200, error: null },
        }),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(webhookDeliveriesProjection, history);
    const docs = await store.find(webhookDeliveriesProjection.collection);
    expect(docs.map((d) => [d._id, d.statusCode])).toEqual([
      ['w1/7/0/1', 500],
      ['w1/7/0/2', 200],
    ]);
    await expectRedeliveryChangesNothing(store, webhookDeliveriesProjection, checkpoint, history);
  });
});
