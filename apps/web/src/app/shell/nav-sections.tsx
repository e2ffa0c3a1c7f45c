import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { NavGroup, NavItem } from './navigation';

function isActive(item: NavItem, pathname: string): boolean {
  if (item.excludes && pathname.startsWith(item.excludes)) return false;
  return pathname === item.to || (!item.end && pathname.startsWith(`${item.to}/`));
}

/** The filtered navigation as headed lists of links; shared by the sidebar and the mobile menu. */
export function NavSections({ groups, onNavigate }: { groups: readonly NavGroup[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Stack key={group.title} gap={2} role="group" aria-label={group.title}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
            {group.title}
          </Text>
          {group.items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.title}
              active={isActive(item, pathname)}
              onClick={onNavigate}
              data-testid="nav-item"
              data-path={item.to}
              py={4}
              rightSection={
                item.badge && (
                  <Badge size="xs" variant="light" color={item.badge === 'Beta' ? 'grape' : 'teal'}>
                    {item.badge}
                  </Badge>
                )
              }
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
