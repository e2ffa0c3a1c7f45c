import { eventSourceStream, type EventSourceEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { eventSourcesProjection as view } from './event-sources.projection';

const recorded = eventRecorder<EventSourceEvent>({ orgId: 'org-1' });
const settings = {
  name: 'Prometheus',
  teamId: 't1',
  escalationPolicyId: null,
  rateLimitPerMinute: 600,
  autoResolveMinutes: null,
};

describe('event sources projection', () => {
  const log = eventLogPerTest('event-sources');

  it('keeps the token hash and secret where ingest finds them, and deletes a deleted source', async () => {
    const stream = eventSourceStream('s1');
    await log.events.append(
      stream,
      [
        recorded(
          {
            type: 'EventSourceCreated',
            data: {
              sourceId: 's1',
              orgId: 'org-1',
              format: 'alertmanager',
              tokenHash: 'h1',
              tokenHint: 'abcd',
              signingSecret: null,
              ...settings,
            },
          },
          minute(0),
        ),
        recorded(
          { type: 'EventSourceChanged', data: { sourceId: 's1', ...settings, name: 'Prom', autoResolveMinutes: 30 } },
          minute(1),
        ),
        recorded(
          { type: 'EventSourceTokenRotated', data: { sourceId: 's1', tokenHash: 'h2', tokenHint: 'wxyz' } },
          minute(2),
        ),
        recorded(
          { type: 'EventSourceSigningSecretChanged', data: { sourceId: 's1', signingSecret: 'whsec_x' } },
          minute(3),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect(await store.find(view.collection)).toEqual([
      {
        _id: 's1',
        orgId: 'org-1',
        format: 'alertmanager',
        tokenHash: 'h2',
        tokenHint: 'wxyz',
        signingSecret: 'whsec_x',
        ...settings,
        name: 'Prom',
        sortName: 'prom',
        autoResolveMinutes: 30,
        created_at: minute(0),
        updated_at: minute(3),
      },
    ]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);

    await log.events.append(stream, [recorded({ type: 'EventSourceDeleted', data: { sourceId: 's1' } })], 3);
    const deleted = await project(view, await log.events.readStream(stream));
    expect(await deleted.store.count(view.collection)).toBe(0);
  });
});
