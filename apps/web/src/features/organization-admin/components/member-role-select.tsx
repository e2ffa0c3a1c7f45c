import { Select, Tooltip } from '@mantine/core';
import type { OrganizationMember } from '@tocsin/contracts';
import { permissionTooltip, type Role } from '@tocsin/domain';
import { useUpdateUserRole } from '../api/update-user-role';
import { ROLE_OPTIONS } from './role-labels';

/** The role column: a change takes effect on choosing. Without manage_users it is disabled and says why. */
export function MemberRoleSelect({
  member,
  canManage,
  onChanged,
}: {
  member: OrganizationMember;
  canManage: boolean;
  onChanged?: () => void;
}) {
  const update = useUpdateUserRole();
  const choose = (role: string | null) => {
    if (role && role !== member.role)
      update.mutate({ userId: member.id, role: role as Role }, { onSuccess: onChanged });
  };
  const select = (
    <Select
      aria-label={`Role of ${member.name}`}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={!canManage || update.isPending}
      onChange={choose}
      error={update.isError ? update.error.message : undefined}
      w={200}
      size="sm"
    />
  );
  if (canManage) return select;
  return (
    <Tooltip label={permissionTooltip({ scope: 'organization', permission: 'manage_users' })} multiline w={300}>
      <div>{select}</div>
    </Tooltip>
  );
}
