import type { SelfTestEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../../projection';
import { selfTestsView, type SelfTestDoc } from '../../../signals/self-tests.read-model';

/** The organization's self-test settings as last set. */
export const selfTestsProjection: Projection<SelfTestDoc> = {
  name: selfTestsView.name,
  // 2: the rounds go through the self-test's own event source (team, policy, source, sealed token)
  version: 2,
  collection: selfTestsView.collection,
  indexes: selfTestsView.indexes,
  handles: ['SelfTestConfigured'],
  documentIds: (event) => [(event.data as { orgId: string }).orgId],
  evolve(_doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as SelfTestEvent;
    switch (event.type) {
      case 'SelfTestConfigured':
        return { _id: event.data.orgId, ...event.data, updated_at: recorded.metadata.occurredAt };
    }
  },
};
