import { ViewNames } from '@tocsin/contracts';
import { pageOf, readModel, type ViewDocument, type ViewReader } from './read-model';

/** One document per (organization, user): the user's role there. Id `{orgId}:{userId}`; removal deletes it. */
export interface MembershipDoc extends ViewDocument {
  orgId: string;
  userId: string;
  role: string;
  joinedAt: string;
}

export const membershipId = (orgId: string, userId: string) => `${orgId}:${userId}`;

const model = readModel<MembershipDoc>({
  name: ViewNames.memberships,
  collection: 'memberships',
  indexes: [{ keys: { orgId: 1, joinedAt: 1, userId: 1 } }, { keys: { userId: 1, joinedAt: 1 } }],
});

const IN_JOINING_ORDER = { joinedAt: 1, userId: 1 } as const;

export const membershipsView = {
  ...model,
  of: (reader: ViewReader, orgId: string, userId: string) =>
    model.findOne(reader, { _id: membershipId(orgId, userId) }),
  /** Every organization the user belongs to, the first joined first. */
  ofUser: (reader: ViewReader, userId: string) => model.find(reader, { userId }, { sort: { joinedAt: 1 } }),
  /** One membership of the user in any organization but `orgId`. */
  elsewhere: (reader: ViewReader, userId: string, orgId: string) =>
    model.findOne(reader, { userId, orgId: { $ne: orgId } }),
  inOrganization: (reader: ViewReader, orgId: string) => model.find(reader, { orgId }),
  withRoles: (reader: ViewReader, orgId: string, roles: readonly string[]) =>
    model.find(reader, { orgId, role: { $in: [...roles] } }, { sort: IN_JOINING_ORDER }),
  pageInOrganization: (reader: ViewReader, orgId: string, page: number, perPage: number) =>
    pageOf(model, reader, { orgId }, IN_JOINING_ORDER, page, perPage),
};
