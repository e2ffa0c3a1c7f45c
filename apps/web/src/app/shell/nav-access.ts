import type { MeResponse } from '@tocsin/contracts';
import { checkOrganizationPermission, checkRole } from '@tocsin/domain';
import type { NavGroup, NavItem } from './navigation';

type Me = MeResponse['data'];

/**
 * SPEC.md section 6: "a nav item is hidden unless the user holds one of its roles and also the named
 * permission". The role check steps aside under rbacCandidateControl; the permission is always asked
 * for, since the server refuses the calls behind a page to anyone without it, whatever the flag.
 */
export function canOpen(item: Pick<NavItem, 'roles' | 'permission'>, me: Me): boolean {
  const role = checkRole({ loading: false, role: me.user.role, allowedRoles: item.roles, flags: me.featureFlags });
  const permission = checkOrganizationPermission({
    loading: false,
    rbacEnforced: true,
    required: item.permission,
    permissions: me.permissions,
  });
  return role === 'granted' && permission === 'granted';
}

/** Whether the area exists for this organization at all (flags), independent of who is asking. */
export const isEnabled = (item: Pick<NavItem, 'flag'>, me: Me): boolean =>
  !item.flag || me.featureFlags[item.flag] === true;

function isShown(item: NavItem, me: Me): boolean {
  if (!isEnabled(item, me) || !canOpen(item, me)) return false;
  if (item.hiddenWithFlag && me.featureFlags[item.hiddenWithFlag] === true) return false;
  if (item.tier && me.organization.account.tier !== item.tier) return false;
  if (item.whileOnboarding && me.metadata.onboarding_complete) return false;
  return !(item.hiddenForStaff && me.user.isStaffSession);
}

/** The navigation this user sees: groups of disabled areas and groups left empty disappear. */
export function visibleNavigation(groups: readonly NavGroup[], me: Me): NavGroup[] {
  return groups
    .filter((group) => !group.flag || me.featureFlags[group.flag] === true)
    .map((group) => ({ ...group, items: group.items.filter((item) => isShown(item, me)) }))
    .filter((group) => group.items.length > 0);
}
