import { organizationStream, type OrganizationEvent } from '@tocsin/domain';
import {
  documentsOf,
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
  readStreams,
} from '../../../../../test/support/projection-spec';
import { organizationFeatureFlagsProjection as view } from './organization-feature-flags.projection';

const recorded = eventRecorder<OrganizationEvent>({ orgId: 'o1', actorId: 'operator' });

describe('organization feature flags projection', () => {
  const log = eventLogPerTest('feature-flags');

  it('keeps only the flags an organization set, the latest value of each; redelivery changes nothing', async () => {
    await log.events.append(
      organizationStream('o1'),
      [
        recorded({ type: 'OrganizationCreated', data: { organizationId: 'o1', name: 'Ops', tier: 'free' } }, minute(0)),
        recorded(
          { type: 'FeatureFlagSet', data: { organizationId: 'o1', flag: 'signals', enabled: false } },
          minute(1),
        ),
        recorded(
          { type: 'FeatureFlagSet', data: { organizationId: 'o1', flag: 'hideWhatsApp', enabled: true } },
          minute(2),
        ),
        recorded({ type: 'FeatureFlagSet', data: { organizationId: 'o1', flag: 'signals', enabled: true } }, minute(3)),
      ],
      'no_stream',
    );
    // an organization that never set a flag has no document: readers use the defaults
    await log.events.append(
      organizationStream('o2'),
      [
        recorded(
          { type: 'OrganizationCreated', data: { organizationId: 'o2', name: 'Edge', tier: 'enterprise' } },
          { orgId: 'o2', occurredAt: minute(4) },
        ),
      ],
      'no_stream',
    );
    const history = await readStreams(log.events, organizationStream('o1'), organizationStream('o2'));
    const { store, checkpoint } = await project(view, history);
    expect(await documentsOf(store, view)).toEqual([
      { _id: 'o1', orgId: 'o1', flags: { signals: true, hideWhatsApp: true }, updatedAt: minute(3) },
    ]);

    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
