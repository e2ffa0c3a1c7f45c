import { ViewNames } from '@tocsin/contracts';
import type { Permission } from '@tocsin/domain';
import { pageOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/** The user's name and email are joined in when read: the users view owns them and they may change. */
export interface TeamMembershipEntry {
  user: { id: string };
  permissions: Permission[];
}

/** GET teams and teams/{id}: one document per team (SPEC.md section 3). */
export interface TeamDoc extends ViewDocument {
  orgId: string;
  name: string;
  /** The name lowercased, so lists sort as a person reads them rather than uppercase first. */
  sortName: string;
  restrict_signals_resource_management: boolean;
  memberships: TeamMembershipEntry[];
  created_at: string;
  updated_at: string;
}

const model = readModel<TeamDoc>({
  name: ViewNames.teams,
  collection: 'teams',
  indexes: [{ keys: { orgId: 1, sortName: 1, _id: 1 } }, { keys: { orgId: 1, 'memberships.user.id': 1 } }],
});

export const teamsView = {
  ...model,
  /** Another organization's team is not found, like an unknown id. */
  byId: (reader: ViewReader, orgId: string, teamId: string) => model.findOne(reader, { _id: teamId, orgId }),
  /** The teams `userId` belongs to in the organization. */
  ofMember: (reader: ViewReader, orgId: string, userId: string) =>
    model.find(reader, { orgId, 'memberships.user.id': userId }),
  /** A page of the organization's teams (only `memberId`'s when given), by name. */
  page: (reader: ViewReader, query: { orgId: string; memberId?: string; page: number; perPage: number }) => {
    const { orgId, memberId, page, perPage } = query;
    const filter = memberId ? { orgId, 'memberships.user.id': memberId } : { orgId };
    return pageOf(model, reader, filter, { sortName: 1, _id: 1 }, page, perPage);
  },
};
