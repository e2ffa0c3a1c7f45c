import { Badge, Button, Code, Group, Paper, Popover, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@/lib/get-me';
import { getHealth, healthQueryKey } from '@/features/health/api/get-health';
import { developerToolbarFacts, isDeveloperToolbarShown } from './developer-toolbar-rules';

/** SPEC.md section 7: versions are read every 120 s. */
const VERSIONS_POLL_MS = 120_000;

function Toolbar() {
  const me = useCurrentUser();
  // Same query as the ops screen's health panel: one cache entry, no second poll while both are open.
  const health = useQuery({
    queryKey: healthQueryKey,
    queryFn: getHealth,
    refetchInterval: VERSIONS_POLL_MS,
    staleTime: VERSIONS_POLL_MS,
  });
  const facts = developerToolbarFacts(me, health.data?.version?.revision);
  return (
    <Paper withBorder px="sm" py={4} mt="md" radius="md" bg="gray.0" data-testid="developer-toolbar">
      <Group gap="sm" wrap="nowrap">
        <Badge size="xs" color="dark">
          Dev
        </Badge>
        <Text size="xs">
          rev <Code>{facts.revision}</Code>
        </Text>
        <Text size="xs">
          org <Code>{facts.organizationId}</Code>
        </Text>
        <Text size="xs">
          role <Code>{facts.role}</Code>
        </Text>
        <Popover position="top-start" withinPortal shadow="md">
          <Popover.Target>
            <Button size="compact-xs" variant="light">
              Flags
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={2} aria-label="Feature flags">
              {facts.flags.map(({ flag, on }) => (
                <Group key={flag} justify="space-between" gap="lg">
                  <Text size="xs" ff="monospace">
                    {flag}
                  </Text>
                  <Badge size="xs" color={on ? 'green' : 'gray'}>
                    {on ? 'on' : 'off'}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Paper>
  );
}

/** The build, organization, role and flags at a glance, for those who develop and support the app; it sits above the footer, covering nothing. */
export function DeveloperToolbar() {
  const me = useCurrentUser();
  const theme = useMantineTheme();
  // Unknown on the first render: treated as small, so the toolbar never flashes on a phone.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);
  const shown = isDeveloperToolbarShown({
    production: import.meta.env.PROD,
    isAdminUser: me.user.isAdminUser,
    isStaffSession: me.user.isStaffSession,
    smallScreen: wide !== true,
  });
  return shown ? <Toolbar /> : null;
}
