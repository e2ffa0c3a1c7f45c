import { Stack, Text, Title } from '@mantine/core';
import { RoleMatrix } from '@/features/organization-admin/components/role-matrix';

/** /settings/organization_roles: what each role may do. */
export function OrganizationRolesRoute() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Organization Roles
      </Title>
      <Text c="dimmed" size="sm">
        Each role holds every permission of the roles to its left.
      </Text>
      <RoleMatrix />
    </Stack>
  );
}
