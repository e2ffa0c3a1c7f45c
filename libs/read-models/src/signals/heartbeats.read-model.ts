import { ViewNames } from '@tocsin/contracts';
import { pageOf, readModel, type ViewDocument, type ViewReader } from '../read-model';

/**
 * One document per heartbeat. `tokenHash` is how a ping finds its heartbeat; `dueAt` (epoch ms) is when the next
 * beat is due at the latest, what the checker schedules on.
 */
export interface HeartbeatDoc extends ViewDocument {
  orgId: string;
  name: string;
  sortName: string;
  teamId: string;
  escalationPolicyId: string | null;
  intervalMinutes: number;
  graceMinutes: number;
  tokenHash: string;
  tokenHint: string;
  lastBeatAt: string | null;
  missedAt: string | null;
  dueAt: number;
  created_at: string;
  updated_at: string;
}

const model = readModel<HeartbeatDoc>({
  name: ViewNames.heartbeats,
  collection: 'heartbeats',
  indexes: [{ keys: { tokenHash: 1 }, unique: true }, { keys: { orgId: 1, sortName: 1, _id: 1 } }],
});

export const heartbeatsView = {
  ...model,
  /** Another organization's heartbeat is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The heartbeat a ping URL names (the SHA-256 of its token), in whichever organization. */
  byTokenHash: (reader: ViewReader, tokenHash: string) => model.findOne(reader, { tokenHash }),
  /** The heartbeats whose alerts go to the team when no rule matches, by name. */
  defaultingToTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { sortName: 1, _id: 1 } }),
  /** The heartbeats whose alerts follow the policy when no rule matches, by name. */
  defaultingToPolicy: (reader: ViewReader, orgId: string, policyId: string) =>
    model.find(reader, { orgId, escalationPolicyId: policyId }, { sort: { sortName: 1, _id: 1 } }),
  /** A page of the organization's heartbeats, by name. */
  ofOrg: (reader: ViewReader, orgId: string, query: { page: number; perPage: number }) =>
    pageOf(model, reader, { orgId }, { sortName: 1, _id: 1 }, query.page, query.perPage),
  /**
   * Every heartbeat, each one's checks due: read once when the checker starts (its jobs died with an in-process
   * queue), never on a request.
   */
  all: (reader: ViewReader) => model.find(reader, {}),
};
