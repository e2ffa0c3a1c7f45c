import type { FeatureFlag } from './feature-flags';
import type { AccountRole } from './events';
import type { InvitationCommand } from './invitations';

export type OrganizationCommand =
  | {
      type: 'CreateOrganization';
      organizationId: string;
      name: string;
      tier: 'essentials' | 'free' | 'enterprise';
      ownerId: string;
    }
  | { type: 'AddMember'; organizationId: string; userId: string; role: AccountRole }
  | { type: 'GrantRole'; organizationId: string; userId: string; role: AccountRole }
  | { type: 'RemoveMember'; organizationId: string; userId: string }
  | { type: 'RenameOrganization'; organizationId: string; name: string }
  | { type: 'SetFeatureFlag'; organizationId: string; flag: FeatureFlag; enabled: boolean }
  /** `quota` and `maximum` as the operator sent them: the decider checks them. */
  | { type: 'SetQuotaLimit'; organizationId: string; quota: string; maximum: unknown }
  | InvitationCommand;
