import { Divider, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '@/lib/get-me';
import { useSwitchOrganization } from '@/features/sessions/api/switch-organization';

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
            aria-current={current || undefined}
            disabled={switchTo.isPending}
            onClick={() => !current && switchTo.mutate(organization.id)}
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

/** The mobile menu's group: the same choices as the desktop user menu, when there is more than one. */
export function MobileOrganizationSwitcher() {
  const me = useCurrentUser();
  const switchTo = useSwitchOrganization();
  if (me.organizations.length < 2) return null;
  return (
    <>
      <Stack gap={2} role="group" aria-label="Organizations">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
          Organizations
        </Text>
        {me.organizations.map((organization) => {
          const current = organization.id === me.organization.id;
          return (
            <NavLink
              key={organization.id}
              component="button"
              label={organization.name}
              active={current}
              // The current one stays readable (a disabled entry is greyed past reading) and does nothing.
              aria-current={current || undefined}
              disabled={switchTo.isPending}
              onClick={() => !current && switchTo.mutate(organization.id)}
              rightSection={
                current ? (
                  <Text size="xs">Current</Text>
                ) : organization.isDefault ? (
                  <Text size="xs" c="dimmed">
                    Default
                  </Text>
                ) : undefined
              }
              py={4}
            />
          );
        })}
      </Stack>
      <Divider />
    </>
  );
}
