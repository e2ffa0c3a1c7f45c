import { permissionsOf, type AccountRole, type Permission } from '@tocsin/domain';

/**
 * What a caller holds: its role's permissions, narrowed to its scopes when an API key calls (a key never holds
 * more than its scopes, nor more than its owner's role now). The one rule every check beyond the guard's uses.
 */
export function heldPermissions(caller: { role: AccountRole | null; scopes?: readonly Permission[] }): Permission[] {
  const granted = caller.role ? permissionsOf(caller.role) : [];
  return caller.scopes ? granted.filter((permission) => caller.scopes!.includes(permission)) : granted;
}
