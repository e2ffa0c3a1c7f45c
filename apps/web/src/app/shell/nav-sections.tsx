import { Badge, Box, Collapse, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NavIconSvg } from './nav-icons';
import type { NavGroup, NavItem } from './navigation';

function isActive(item: NavItem, pathname: string): boolean {
  if (item.excludes && pathname.startsWith(item.excludes)) return false;
  return pathname === item.to || (!item.end && pathname.startsWith(`${item.to}/`));
}

/** Where a group's collapsed state is remembered in this browser, per group (and shared by both menus). */
export const navGroupStorageKey = (title: string) => `nav_group_collapsed:${title}`;

/** The page may have been reached from a link elsewhere: its entry is brought into the sidebar's view. */
const SCROLL_AFTER_MS = 250;

/** Scrolls the active entry under `root`, if any, into view (the least scrolling that shows it). */
const showActiveEntry = (root: HTMLElement | null) =>
  root?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });

function GroupSection({ group, pathname, onNavigate }: { group: NavGroup; pathname: string; onNavigate?: () => void }) {
  const itemsId = useId();
  const items = useRef<HTMLDivElement>(null);
  const active = group.items.some((item) => isActive(item, pathname));
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: navGroupStorageKey(group.title),
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // the group holding the page opens as the page opens, whatever was remembered of it
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, pathname, setCollapsed]);
  const opened = !collapsed;
  return (
    <Stack gap={2} role="group" aria-label={group.title}>
      <UnstyledButton
        onClick={() => setCollapsed(opened)}
        aria-expanded={opened}
        aria-controls={itemsId}
        aria-label={`${group.title} section`}
        data-testid="nav-group-toggle"
        px="sm"
        py={4}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap={8} wrap="nowrap" c={active ? 'red' : 'dimmed'}>
          <NavIconSvg name={group.icon} />
          <Text size="xs" fw={700} tt="uppercase" c="inherit" style={{ flex: 1 }}>
            {group.title}
          </Text>
          <NavIconSvg name="chevron" size={14} rotate={opened ? 90 : 0} />
        </Group>
      </UnstyledButton>
      <Collapse
        expanded={opened}
        id={itemsId}
        keepMountedMode="display-none"
        // the page's group opening: its entry is where it ends only now (the timer below can come first under load)
        onTransitionEnd={() => {
          if (active && opened) showActiveEntry(items.current);
        }}
      >
        <Stack gap={2} ref={items}>
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
              pl={38}
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
      </Collapse>
    </Stack>
  );
}

/**
 * The filtered navigation as groups with an icon, each collapsing under its heading (remembered per group);
 * shared by the sidebar and the mobile menu. The active entry is kept in view.
 */
export function NavSections({ groups, onNavigate }: { groups: readonly NavGroup[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // after a group the page lies in has had time to open
    const timer = window.setTimeout(() => showActiveEntry(root.current), SCROLL_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return (
    <Box ref={root}>
      <Stack gap="xs">
        {groups.map((group) => (
          <GroupSection key={group.title} group={group} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}
