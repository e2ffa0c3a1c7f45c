import { selfTestStream, type SelfTestEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { selfTestsProjection as view } from './self-tests.projection';

const recorded = eventRecorder<SelfTestEvent>({ orgId: 'org-1' });
const settings = {
  orgId: 'org-1',
  interval: 'PT5M',
  teamId: 'team-1',
  escalationPolicyId: 'policy-1',
  sourceId: 'source-1',
  ingestToken: { sealed: 'x', hint: '…abcd' },
  heartbeatUrl: null,
};

describe('self-tests projection', () => {
  const log = eventLogPerTest('self-tests');

  it('keeps the settings as last set, one document per organization', async () => {
    const stream = selfTestStream('org-1');
    await log.events.append(
      stream,
      [
        recorded({ type: 'SelfTestConfigured', data: { ...settings, enabled: true } }, minute(0)),
        recorded({ type: 'SelfTestConfigured', data: { ...settings, enabled: false } }, minute(1)),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect(await store.find(view.collection)).toEqual([
      expect.objectContaining({ _id: 'org-1', enabled: false, interval: 'PT5M', updated_at: minute(1) }),
    ]);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
