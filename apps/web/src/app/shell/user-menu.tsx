import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { OrganizationSwitcher } from './organization-switcher';
import { useUserEntries, type UserEntry } from './use-user-entries';

function EntryItem({ entry }: { entry: UserEntry }) {
  switch (entry.kind) {
    case 'route':
      return (
        <Menu.Item component={Link} to={entry.to}>
          {entry.label}
        </Menu.Item>
      );
    case 'external':
      return (
        <Menu.Item component="a" href={entry.href} target="_blank" rel="noopener noreferrer">
          {entry.label}
        </Menu.Item>
      );
    case 'action':
      return (
        <Menu.Item color="red" onClick={entry.onClick} disabled={entry.pending}>
          {entry.label}
        </Menu.Item>
      );
  }
}

/** The header's user menu on wide screens. */
export function UserMenu() {
  const me = useCurrentUser();
  const entries = useUserEntries();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs">
            {/* The name beside it says who this is: the picture is decoration. */}
            <Avatar src={me.user.avatarUrl || null} name={me.user.name} size="sm" color="initials" alt="" aria-hidden />
            <Text size="sm" fw={500}>
              {me.user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.user.email}</Menu.Label>
        <OrganizationSwitcher />
        {entries.map((entry) => (
          <EntryItem key={entry.label} entry={entry} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
