import { Burger, Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { NavSections } from './nav-sections';
import { MobileOrganizationSwitcher } from './organization-switcher';
import { TeamLinks } from './team-links';
import { useNavigation } from './use-navigation';
import { useUserEntries, type UserEntry } from './use-user-entries';

function EntryLink({ entry, onNavigate }: { entry: UserEntry; onNavigate: () => void }) {
  switch (entry.kind) {
    case 'route':
      return <NavLink component={Link} to={entry.to} label={entry.label} onClick={onNavigate} py={4} />;
    case 'external':
      return (
        <NavLink component="a" href={entry.href} target="_blank" rel="noopener noreferrer" label={entry.label} py={4} />
      );
    case 'action':
      return (
        <NavLink
          component="button"
          label={entry.label}
          onClick={entry.onClick}
          disabled={entry.pending}
          c="red"
          py={4}
        />
      );
  }
}

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
      {children}
    </Text>
  );
}

/** Small screens: the navigation, the Teams flyout and the User menu in one drawer (SPEC.md section 2). */
export function MobileMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const groups = useNavigation();
  const entries = useUserEntries();
  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open the menu" />
      <Drawer
        opened={opened}
        onClose={close}
        title="Tocsin"
        size="xs"
        scrollAreaComponent={ScrollArea.Autosize}
        hiddenFrom="sm"
      >
        <Stack gap="md" component="nav" aria-label="Mobile navigation">
          <NavSections groups={groups} onNavigate={close} />
          <Divider />
          <Stack gap={2} role="group" aria-label="Teams">
            <Heading>Teams</Heading>
            {opened && <TeamLinks onNavigate={close} />}
          </Stack>
          <Divider />
          <MobileOrganizationSwitcher />
          <Stack gap={2} role="group" aria-label="User">
            <Heading>User</Heading>
            {entries.map((entry) => (
              <EntryLink key={entry.label} entry={entry} onNavigate={close} />
            ))}
          </Stack>
        </Stack>
      </Drawer>
    </>
  );
}
