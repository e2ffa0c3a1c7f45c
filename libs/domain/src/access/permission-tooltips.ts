import type { AccessScope } from './access-checks';
import { permissionDisplayName, type Permission } from './permissions';

/** For controls gated by role rather than permission (SPEC.md section 6: the add buttons). */
export const LACKS_PERMISSIONS_TOOLTIP = 'You lack the required permissions for this action.';

const SUPPORT = 'Contact your organization administrator for support.';

export type PermissionTooltipInput =
  | { scope: Extract<AccessScope, 'organization'>; permission: Permission }
  | { scope: Extract<AccessScope, 'team'>; permission: Permission; teamName: string }
  | { scope: Extract<AccessScope, 'either'>; permission: Permission; teamPermission?: Permission; teamName: string };

/**
 * The tooltip on a control disabled for want of a permission, naming the permission by its display name.
 * The organization wording is the spec's; the team wording swaps "the organization" for "the team {name}"; the
 * either wording keeps the organization sentence and adds ", or '{team permission}' on the team {name}".
 */
export function permissionTooltip(input: PermissionTooltipInput): string {
  const name = permissionDisplayName(input.permission);
  switch (input.scope) {
    case 'organization':
      return `The permission '${name}' is required to perform this action on the organization. ${SUPPORT}`;
    case 'team':
      return `The permission '${name}' is required to perform this action on the team ${input.teamName}. ${SUPPORT}`;
    case 'either': {
      const teamPermissionName = permissionDisplayName(input.teamPermission ?? input.permission);
      return `The permission '${name}' is required to perform this action on the organization, or '${teamPermissionName}' on the team ${input.teamName}. ${SUPPORT}`;
    }
  }
}
