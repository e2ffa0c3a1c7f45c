import { ViewNames } from '@tocsin/contracts';
import type { SealedAddress } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from '../read-model';

/** One document per organization that set its self-test, `_id` the organization's id. Addresses stay sealed. */
export interface SelfTestDoc extends ViewDocument {
  orgId: string;
  enabled: boolean;
  interval: string;
  teamId: string;
  escalationPolicyId: string;
  sourceId: string;
  ingestToken: SealedAddress;
  heartbeatUrl: SealedAddress | null;
  updated_at: string;
}

const model = readModel<SelfTestDoc>({
  name: ViewNames.selfTests,
  collection: 'self_tests',
  indexes: [{ keys: { enabled: 1 } }],
});

export const selfTestsView = {
  ...model,
  ofOrg: (reader: ViewReader, orgId: string) => model.findOne(reader, { _id: orgId }),
  /** Every organization whose self-test runs (what the worker chains rounds for at start). */
  enabled: (reader: ViewReader) => model.find(reader, { enabled: true }),
};
