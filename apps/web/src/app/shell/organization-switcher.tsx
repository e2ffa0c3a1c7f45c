import { Menu } from '@mantine/core';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useSwitchOrganization } from '@/features/auth/api/switch-organization';

/** Lists the user's organizations inside a menu, when there is more than one to choose from. */
export function OrganizationSwitcher() {
  const me = useCurrentUser();
  const switchTo = useSwitchOrganization();
  if (me.organizations.length < 2) return null;
  return (
    <>
      <Menu.Label>Organizations</Menu.Label>
      {me.organizations.map((organization) => {
        const current = organization.id === me.organization.id;
        return (
          <Menu.Item
            key={organization.id}
            disabled={current || switchTo.isPending}
            onClick={() => switchTo.mutate(organization.id)}
            rightSection={current ? 'Current' : organization.isDefault ? 'Default' : undefined}
          >
            {organization.name}
          </Menu.Item>
        );
      })}
      <Menu.Divider />
    </>
  );
}
