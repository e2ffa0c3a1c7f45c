import type { Permission, TeamEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { teamsView, type TeamDoc, type TeamMembershipEntry } from '../../teams.read-model';

function withMember(doc: TeamDoc, userId: string, permissions: Permission[]): TeamMembershipEntry[] {
  const others = doc.memberships.filter((m) => m.user.id !== userId);
  const index = doc.memberships.findIndex((m) => m.user.id === userId);
  const entry = { user: { id: userId }, permissions };
  // a member keeps their place in the list when their permissions change
  return index < 0 ? [...others, entry] : [...others.slice(0, index), entry, ...others.slice(index)];
}

export const teamsProjection: Projection<TeamDoc> = {
  name: teamsView.name,
  version: 1,
  collection: teamsView.collection,
  indexes: teamsView.indexes,
  handles: [
    'TeamCreated',
    'TeamChanged',
    'TeamDeleted',
    'TeamMemberAdded',
    'TeamMemberPermissionsChanged',
    'TeamMemberRemoved',
  ],
  documentIds: (event) => [(event.data as { teamId: string }).teamId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as TeamEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'TeamCreated': {
        const { teamId, orgId, name, restrict_signals_resource_management } = event.data;
        return {
          _id: teamId,
          orgId,
          name,
          sortName: name.toLowerCase(),
          restrict_signals_resource_management,
          memberships: [],
          created_at: at,
          updated_at: at,
        };
      }
      case 'TeamChanged': {
        const { name, restrict_signals_resource_management } = event.data;
        return (
          doc && { ...doc, name, sortName: name.toLowerCase(), restrict_signals_resource_management, updated_at: at }
        );
      }
      case 'TeamDeleted':
        return null;
      case 'TeamMemberAdded':
      case 'TeamMemberPermissionsChanged':
        return (
          doc && { ...doc, memberships: withMember(doc, event.data.userId, event.data.permissions), updated_at: at }
        );
      case 'TeamMemberRemoved':
        return (
          doc && { ...doc, memberships: doc.memberships.filter((m) => m.user.id !== event.data.userId), updated_at: at }
        );
    }
  },
};
