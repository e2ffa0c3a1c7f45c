import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS } from './feature-flags';
import { isQuotaName, MAX_QUOTA_LIMIT } from './tiers';
import { DomainError } from '../shared/event';
import { ORGANIZATION_NAME_MAX_LENGTH } from '../shared/field-rules';
import type { OrganizationCommand } from './commands';
import type { OrganizationEvent } from './events';
import { decideInvitation } from './invitations';
import type { OrganizationState } from './state';
import { ownValue } from '../shared/own';

/** Whether taking `userId`'s owner role away would leave the organization without an owner. */
function isLastOwner(state: OrganizationState, userId: string): boolean {
  const owners = Object.values(state.members).filter((role) => role === 'owner').length;
  return ownValue(state.members, userId) === 'owner' && owners === 1;
}

/** The organization's name trimmed, or a refusal naming `field`: checked before a sign-up writes anything. */
export function requireOrganizationName(raw: string, field: string): string {
  const name = raw.trim();
  if (!name)
    throw new DomainError('Organization name is required', 'invalid', { [field]: ['Organization name is required'] });
  if (name.length > ORGANIZATION_NAME_MAX_LENGTH) {
    throw new DomainError(`Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`, 'invalid', {
      [field]: [`must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`],
    });
  }
  return name;
}

export function decideOrganization(command: OrganizationCommand, state: OrganizationState): OrganizationEvent[] {
  const { organizationId } = command;
  if (command.type === 'CreateOrganization') {
    if (state.exists) throw new DomainError('The organization already exists', 'conflict');
    const name = requireOrganizationName(command.name, 'organization_name');
    return [
      { type: 'OrganizationCreated', data: { organizationId, name, tier: command.tier } },
      { type: 'MemberAdded', data: { organizationId, userId: command.ownerId, role: 'owner' } },
    ];
  }
  if (!state.exists) throw new DomainError('Organization not found', 'not_found');
  switch (command.type) {
    case 'AddMember':
      if (ownValue(state.members, command.userId))
        throw new DomainError('This user is already a member of the organization', 'conflict');
      return [{ type: 'MemberAdded', data: { organizationId, userId: command.userId, role: command.role } }];
    case 'GrantRole': {
      const current = ownValue(state.members, command.userId);
      if (!current) throw new DomainError('Member not found', 'not_found');
      if (current === command.role) return [];
      if (isLastOwner(state, command.userId))
        throw new DomainError('An organization needs at least one owner', 'conflict');
      return [{ type: 'RoleGranted', data: { organizationId, userId: command.userId, role: command.role } }];
    }
    case 'RemoveMember':
      if (!ownValue(state.members, command.userId)) throw new DomainError('Member not found', 'not_found');
      if (isLastOwner(state, command.userId))
        throw new DomainError('An organization needs at least one owner', 'conflict');
      return [{ type: 'MemberRemoved', data: { organizationId, userId: command.userId } }];
    case 'RenameOrganization': {
      const name = requireOrganizationName(command.name, 'name');
      return name === state.name ? [] : [{ type: 'OrganizationRenamed', data: { organizationId, name } }];
    }
    case 'SetFeatureFlag': {
      if (!(FEATURE_FLAGS as readonly string[]).includes(command.flag))
        throw new DomainError('Feature flag not found', 'not_found');
      const current = ownValue(state.flags, command.flag) ?? ownValue(DEFAULT_FEATURE_FLAGS, command.flag);
      return current === command.enabled
        ? []
        : [{ type: 'FeatureFlagSet', data: { organizationId, flag: command.flag, enabled: command.enabled } }];
    }
    case 'SetQuotaLimit': {
      if (!isQuotaName(command.quota)) throw new DomainError('Quota not found', 'not_found');
      const { maximum } = command;
      if (
        maximum !== null &&
        !(Number.isInteger(maximum) && (maximum as number) >= 0 && (maximum as number) <= MAX_QUOTA_LIMIT)
      ) {
        const message = `maximum must be a whole number from 0 to ${MAX_QUOTA_LIMIT}, or null for the tier's limit`;
        throw new DomainError(message, 'invalid', { maximum: [message] });
      }
      const current = ownValue(state.quotaLimits, command.quota) ?? null;
      return current === maximum
        ? []
        : [
            {
              type: 'QuotaLimitSet',
              data: { organizationId, quota: command.quota, maximum: maximum as number | null },
            },
          ];
    }
    default:
      return decideInvitation(command, state);
  }
}
