import { isPermission, PERMISSIONS, type Permission } from '../access/permissions';
import { DomainError } from '../shared/event';
import { FIELD_MESSAGES } from '../shared/field-rules';
import type { TeamCommand } from './commands';
import type { TeamEvent, TeamFields } from './events';
import type { TeamState } from './state';
import { ownValue } from '../shared/own';

export const TEAM_NAME_MAX_LENGTH = 100;
export const TEAM_PERMISSIONS_MESSAGE = 'permissions must be a list of permission slugs';

function invalid(fields: Record<string, string[]>): never {
  const first = Object.values(fields)[0][0];
  throw new DomainError(first, 'invalid', fields);
}

function validFields(fields: TeamFields): TeamFields {
  const errors: Record<string, string[]> = {};
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  if (!name) errors.name = [FIELD_MESSAGES.required('name')];
  else if (name.length > TEAM_NAME_MAX_LENGTH) errors.name = [FIELD_MESSAGES.maxLength('name', TEAM_NAME_MAX_LENGTH)];
  if (typeof fields.restrict_signals_resource_management !== 'boolean') {
    errors.restrict_signals_resource_management = [FIELD_MESSAGES.boolean('restrict_signals_resource_management')];
  }
  if (Object.keys(errors).length > 0) invalid(errors);
  return { name, restrict_signals_resource_management: fields.restrict_signals_resource_management };
}

/** Known slugs only, each once, in the table's order: the same set always reads the same, so "no change" is visible. */
function validPermissions(permissions: readonly string[]): Permission[] {
  if (!Array.isArray(permissions)) invalid({ permissions: [TEAM_PERMISSIONS_MESSAGE] });
  const unknown = permissions.filter((slug) => typeof slug !== 'string' || !isPermission(slug));
  if (unknown.length > 0)
    invalid({ permissions: [`permissions must be permission slugs; unknown: ${unknown.map(String).join(', ')}`] });
  return PERMISSIONS.filter((slug) => permissions.includes(slug));
}

const samePermissions = (a: readonly Permission[], b: readonly Permission[]) =>
  a.length === b.length && a.every((slug, i) => slug === b[i]);

export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  const { teamId } = command;
  if (command.type === 'CreateTeam') {
    if (state.status !== 'absent') throw new DomainError('The team already exists', 'conflict');
    const fields = validFields(command);
    return [{ type: 'TeamCreated', data: { teamId, orgId: command.orgId, ...fields } }];
  }
  // another organization's team, like a deleted one, does not exist for this caller
  if (state.status !== 'active' || state.orgId !== command.orgId) throw new DomainError('Team not found', 'not_found');
  const member = 'userId' in command ? ownValue(state.members, command.userId) : undefined;
  switch (command.type) {
    case 'ChangeTeam': {
      const fields = validFields({
        name: command.name ?? state.fields.name,
        restrict_signals_resource_management:
          command.restrict_signals_resource_management ?? state.fields.restrict_signals_resource_management,
      });
      const unchanged =
        fields.name === state.fields.name &&
        fields.restrict_signals_resource_management === state.fields.restrict_signals_resource_management;
      return unchanged ? [] : [{ type: 'TeamChanged', data: { teamId, ...fields } }];
    }
    case 'DeleteTeam':
      if (command.usedBy?.length) {
        throw new DomainError(
          `The team is the default of ${command.usedBy.join(', ')}: give them another team first`,
          'conflict',
        );
      }
      return [{ type: 'TeamDeleted', data: { teamId } }];
    case 'AddTeamMember': {
      const permissions = validPermissions(command.permissions);
      if (!command.isOrganizationMember) invalid({ user_id: ['user_id must be a member of the organization'] });
      if (member) throw new DomainError('This user is already a member of the team', 'conflict');
      return [{ type: 'TeamMemberAdded', data: { teamId, userId: command.userId, permissions } }];
    }
    case 'ChangeTeamMemberPermissions': {
      if (!member) throw new DomainError('Team member not found', 'not_found');
      const permissions = validPermissions(command.permissions);
      return samePermissions(permissions, member)
        ? []
        : [{ type: 'TeamMemberPermissionsChanged', data: { teamId, userId: command.userId, permissions } }];
    }
    case 'RemoveTeamMember':
      if (!member) throw new DomainError('Team member not found', 'not_found');
      return [{ type: 'TeamMemberRemoved', data: { teamId, userId: command.userId } }];
  }
}
