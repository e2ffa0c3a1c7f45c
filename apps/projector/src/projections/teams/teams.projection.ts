import type { Permission, TeamEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent, ViewDocument } from '@tocsin/platform';

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

function withMember(doc: TeamDoc, userId: string, permissions: Permission[]): TeamMembershipEntry[] {
  const others = doc.memberships.filter((m) => m.user.id !== userId);
  const index = doc.memberships.findIndex((m) => m.user.id === userId);
  const entry = { user: { id: userId }, permissions };
  // a member keeps their place in the list when their permissions change
  return index < 0 ? [...others, entry] : [...others.slice(0, index), entry, ...others.slice(index)];
}

export const teamsProjection: Projection<TeamDoc> = {
  name: 'teams',
  version: 1,
  collection: 'teams',
  handles: ['TeamCreated', 'TeamChanged', 'TeamDeleted', 'TeamMemberAdded', 'TeamMemberPermissionsChanged', 'TeamMemberRemoved'],
  documentIds: (event) => [(event.data as { teamId: string }).teamId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as TeamEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'TeamCreated': {
        const { teamId, orgId, name, restrict_signals_resource_management } = event.data;
        return { _id: teamId, orgId, name, sortName: name.toLowerCase(), restrict_signals_resource_management, memberships: [], created_at: at, updated_at: at };
      }
      case 'TeamChanged': {
        const { name, restrict_signals_resource_management } = event.data;
        return doc && { ...doc, name, sortName: name.toLowerCase(), restrict_signals_resource_management, updated_at: at };
      }
      case 'TeamDeleted':
        return null;
      case 'TeamMemberAdded':
      case 'TeamMemberPermissionsChanged':
        return doc && { ...doc, memberships: withMember(doc, event.data.userId, event.data.permissions), updated_at: at };
      case 'TeamMemberRemoved':
        return doc && { ...doc, memberships: doc.memberships.filter((m) => m.user.id !== event.data.userId), updated_at: at };
    }
  },
};
