import { PERMISSIONS, permissionDisplayName, type Permission } from './permissions';
import { ROLES, ROLE_PERMISSIONS } from './roles';

/**
 * ROLE_PERMISSIONS as a markdown table, the body of PERMISSIONS.md, so the document is generated, never edited.
 * Rows are grouped by the least role that holds the permission, in PERMISSIONS order within a group.
 */
export function renderPermissionMatrix(): string {
  const leastRole = (permission: Permission) => ROLES.findIndex((role) => ROLE_PERMISSIONS[role].includes(permission));
  const rows = [...PERMISSIONS]
    .sort((a, b) => leastRole(a) - leastRole(b))
    .map((permission) => {
      const marks = ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(permission) ? 'yes' : ''));
      return `| \`${permission}\` | ${permissionDisplayName(permission)} | ${marks.join(' | ')} |`;
    });
  return (
    [
      `| permission | display name | ${ROLES.join(' | ')} |`,
      `| --- | --- |${' :-: |'.repeat(ROLES.length)}`,
      ...rows,
    ].join('\n') + '\n'
  );
}
