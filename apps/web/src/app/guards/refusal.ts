import type { MeResponse } from '@tocsin/contracts';
import { checkRole, ROLES, type Role } from '@tocsin/domain';
import type { NavItem } from '../shell/navigation';

type Me = MeResponse['data'];

/**
 * Where a refused page sends the user. A missing permission goes to /unauthorized/{permission} (SPEC.md
 * section 6). A page refused for the role alone (a viewer on on-call hours, holding read_analytics) goes to
 * the same page with `?roles=`, so it says which roles the page is for instead of naming a permission the
 * user already holds. Null when the page has no permission to name (the caller shows 404).
 */
export function refusalPath(gate: Pick<NavItem, 'roles' | 'permission'>, me: Me): string | null {
  if (!gate.permission) return null;
  const roleRefused =
    checkRole({ loading: false, role: me.user.role, allowedRoles: gate.roles, flags: me.featureFlags }) !== 'granted';
  const path = `/unauthorized/${gate.permission}`;
  return roleRefused ? `${path}?roles=${ROLES.filter((role) => gate.roles.includes(role)).join(',')}` : path;
}

/** The roles a `?roles=` names, in the order of ROLES; unknown names are dropped. */
export const rolesFrom = (value: string | null): Role[] => {
  const named = (value ?? '').split(',');
  return ROLES.filter((role) => named.includes(role));
};

export const holdsPermission = (me: Me, permission: string): boolean =>
  (me.permissions as readonly string[]).includes(permission);
