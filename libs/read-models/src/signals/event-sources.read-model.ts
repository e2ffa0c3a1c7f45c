import { ViewNames } from '@tocsin/contracts';
import type { EventSourceFormat } from '@tocsin/domain';
import { pageOf, readModel, type ViewDocument, type ViewReader } from '../read-model';

/**
 * One document per event source. `tokenHash` is how ingest finds the source of a URL; `signingSecret` is read
 * by ingest to check signatures and never leaves the api.
 */
export interface EventSourceDoc extends ViewDocument {
  orgId: string;
  name: string;
  sortName: string;
  format: EventSourceFormat;
  teamId: string;
  escalationPolicyId: string | null;
  rateLimitPerMinute: number;
  autoResolveMinutes: number | null;
  tokenHash: string;
  tokenHint: string;
  signingSecret: string | null;
  created_at: string;
  updated_at: string;
}

const model = readModel<EventSourceDoc>({
  name: ViewNames.eventSources,
  collection: 'event_sources',
  indexes: [{ keys: { tokenHash: 1 }, unique: true }, { keys: { orgId: 1, sortName: 1, _id: 1 } }],
});

export const eventSourcesView = {
  ...model,
  /** Another organization's source is not found, like an unknown id. */
  find: (reader: ViewReader, orgId: string, id: string) => model.findOne(reader, { _id: id, orgId }),
  /** The source an ingest URL names (the SHA-256 of its token), in whichever organization. */
  byTokenHash: (reader: ViewReader, tokenHash: string) => model.findOne(reader, { tokenHash }),
  /** The sources whose alerts go to the team when no rule matches, by name. */
  defaultingToTeam: (reader: ViewReader, orgId: string, teamId: string) =>
    model.find(reader, { orgId, teamId }, { sort: { sortName: 1, _id: 1 } }),
  /** A page of the organization's sources, by name. */
  ofOrg: (reader: ViewReader, orgId: string, query: { format?: string; page: number; perPage: number }) =>
    pageOf(
      model,
      reader,
      query.format ? { orgId, format: query.format } : { orgId },
      { sortName: 1, _id: 1 },
      query.page,
      query.perPage,
    ),
};
