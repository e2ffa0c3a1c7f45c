import type { FeatureFlag } from './feature-flags';
import type { QuotaName } from './tiers';
import { upcastOrganizationEvent, type AccountRole, type RecordedOrganizationEvent } from './events';
import { evolveInvitations, type InvitationState } from './invitations';

export interface OrganizationState {
  exists: boolean;
  name: string;
  members: Record<string, AccountRole>;
  invitations: Record<string, InvitationState>;
  /** Only the flags set for this organization; the others follow DEFAULT_FEATURE_FLAGS. */
  flags: Partial<Record<FeatureFlag, boolean>>;
  /** Operators' limits in place of the tier's. */
  quotaLimits: Partial<Record<QuotaName, number>>;
}

export const initialOrganization = (): OrganizationState => ({
  exists: false,
  name: '',
  members: {},
  invitations: {},
  flags: {},
  quotaLimits: {},
});

export function evolveOrganization(state: OrganizationState, recorded: RecordedOrganizationEvent): OrganizationState {
  const event = upcastOrganizationEvent(recorded);
  switch (event.type) {
    case 'OrganizationCreated':
    case 'OrganizationRenamed':
      return { ...state, exists: true, name: event.data.name };
    case 'MemberAdded':
    case 'RoleGranted':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    case 'MemberRemoved': {
      const { [event.data.userId]: _removed, ...members } = state.members;
      return { ...state, members };
    }
    case 'FeatureFlagSet':
      return { ...state, flags: { ...state.flags, [event.data.flag]: event.data.enabled } };
    case 'QuotaLimitSet': {
      const { [event.data.quota]: _previous, ...others } = state.quotaLimits;
      return {
        ...state,
        quotaLimits: event.data.maximum === null ? others : { ...others, [event.data.quota]: event.data.maximum },
      };
    }
    case 'MemberInvited':
    case 'InvitationAccepted':
    case 'InvitationRevoked':
      return { ...state, invitations: evolveInvitations(state.invitations, event) };
  }
}
