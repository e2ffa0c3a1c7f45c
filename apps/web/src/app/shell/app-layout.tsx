import { AppShell, Box, Container, Group, ScrollArea, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { ComplianceReminder } from '@/features/notification-preferences/components/compliance-reminder';
import { appHomePath } from '../home-path';
import { LiveQueries } from '../live-queries';
import { AppFooter } from './app-footer';
import { ChunkLoadBoundary } from './chunk-load-boundary';
import { ConnectionBadge } from './connection-badge';
import { DeveloperToolbar } from './developer-toolbar';
import { isIncidentDetailPath } from './incident-detail';
import { MobileMenu } from './mobile-menu';
import { PageErrorBoundary } from './page-error-boundary';
import { NavSections } from './nav-sections';
import { StaffBanner } from './staff-banner';
import { TeamsMenu } from './teams-menu';
import { useNavigation } from './use-navigation';
import { UserMenu } from './user-menu';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';

/** SPEC.md section 9: content never grows wider than 1800px. */
const MAX_CONTENT_WIDTH = 1800;
const HEADER_HEIGHT = 56;
const STAFF_BANNER_HEIGHT = 32;
// The footer sits at the bottom of the window even under a short page.
const FULL_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0px) - 2 * var(--app-shell-padding))';
// Incident detail pages have neither footer nor bottom padding: the page runs to the window's edge.
const FULL_HEIGHT_NO_BOTTOM = 'calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-padding))';

/** The signed-in frame: header, the sidebar navigation (a drawer on small screens), the page and the footer. */
export function AppLayout() {
  const me = useCurrentUser();
  const groups = useNavigation();
  const staff = me.user.isStaffSession;
  const incidentDetail = isIncidentDetailPath(useLocation().pathname);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (staff ? STAFF_BANNER_HEIGHT : 0) }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <LiveQueries />
      <AppShell.Header>
        {staff && <StaffBanner />}
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <MobileMenu />
            <Text component={Link} to={appHomePath(me)} fw={800} size="lg" c="red">
              Tocsin
            </Text>
            <Text size="sm" c="dimmed" truncate data-testid="organization-name">
              {me.organization.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConnectionBadge />
            <Group gap="sm" visibleFrom="sm" wrap="nowrap">
              <TeamsMenu />
              <UserMenu />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ScrollArea component="nav" aria-label="Main navigation" p="xs">
          <NavSections groups={groups} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        style={incidentDetail ? { paddingBottom: 0 } : undefined}
        data-incident-detail={incidentDetail || undefined}
      >
        <Container
          size={MAX_CONTENT_WIDTH}
          px={0}
          mih={incidentDetail ? FULL_HEIGHT_NO_BOTTOM : FULL_HEIGHT}
          display="flex"
          style={{ flexDirection: 'column' }}
        >
          <Box style={{ flex: 1 }}>
            <ComplianceReminder />
            <PageErrorBoundary>
              <ChunkLoadBoundary>
                <Suspense fallback={<LoadingArea />}>
                  <Outlet />
                </Suspense>
              </ChunkLoadBoundary>
            </PageErrorBoundary>
          </Box>
          <DeveloperToolbar />
          {!incidentDetail && <AppFooter />}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
