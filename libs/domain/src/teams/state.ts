import type { Permission } from '../access/permissions';
import type { TeamEvent, TeamFields } from './events';

export interface TeamState {
  /** 'deleted' keeps the id taken: a deleted team's id is never reused. */
  status: 'absent' | 'active' | 'deleted';
  orgId: string | null;
  fields: TeamFields;
  /** userId -> the member's team permissions. */
  members: Record<string, Permission[]>;
}

export const initialTeam = (): TeamState => ({
  status: 'absent',
  orgId: null,
  fields: { name: '', restrict_signals_resource_management: false },
  members: {},
});

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated': {
      const { name, restrict_signals_resource_management, orgId } = event.data;
      return { ...state, status: 'active', orgId, fields: { name, restrict_signals_resource_management } };
    }
    case 'TeamChanged': {
      const { name, restrict_signals_resource_management } = event.data;
      return { ...state, fields: { name, restrict_signals_resource_management } };
    }
    case 'TeamDeleted':
      return { ...state, status: 'deleted', members: {} };
    case 'TeamMemberAdded':
    case 'TeamMemberPermissionsChanged':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.permissions } };
    case 'TeamMemberRemoved': {
      const { [event.data.userId]: _removed, ...members } = state.members;
      return { ...state, members };
    }
  }
}
