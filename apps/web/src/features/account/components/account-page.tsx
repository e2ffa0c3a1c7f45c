import { Badge, Box, Group, NavLink, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';

/**
 * The account area's frame: its own side navigation (Profile, Password & Security, and the current
 * organization's name, marked Default when the user has several and this is the default) beside the page.
 */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const markDefault = me.organizations.length > 1 && me.user.defaultOrganization === me.organization.id;
  const links = [
    { to: '/account/edit', label: 'Profile' },
    { to: '/account/password_security', label: 'Password & Security' },
    { to: '/account/organization_settings', label: me.organization.name, badge: markDefault },
  ];
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack component="nav" aria-label="Account" gap={2} w={240}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={pathname === link.to}
            rightSection={
              link.badge && (
                <Badge size="xs" variant="light">
                  Default
                </Badge>
              )
            }
          />
        ))}
      </Stack>
      <Stack flex={1} miw={320} maw={720}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Box>{children}</Box>
      </Stack>
    </Group>
  );
}
