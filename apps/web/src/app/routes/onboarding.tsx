import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { lazyComponent, screenHandle } from '@/lib/lazy-component';
import { switchOrganization } from '@/features/sessions/api/switch-organization';
import { OnboardingFrame } from '@/features/onboarding/components/onboarding-frame';
import { INTEGRATION_ONBOARDING_PATHS } from '@/features/onboarding/lib/integration-onboarding-paths';
import { onboardingStart } from '@/features/onboarding/lib/onboarding-paths';
import { RequireAccess } from '../guards/require-access';
import { appHomePath } from '../home-path';
import { LiveQueries } from '../live-queries';
import type { NavItem } from '../shell/navigation';
import { NotFoundRoute } from './not-found';

const SignalsChecklist = lazyComponent(() =>
  import('@/features/onboarding/components/signals-checklist').then((m) => m.SignalsChecklist),
);
const TestAlertStep = lazyComponent(() =>
  import('@/features/onboarding/components/test-alert-step').then((m) => m.TestAlertStep),
);
const IntegrationOnboardingPage = lazyComponent(() =>
  import('@/features/onboarding/components/integration-onboarding-page').then((m) => m.IntegrationOnboardingPage),
);
const SetupPage = lazyComponent(() => import('@/features/onboarding/components/setup-page').then((m) => m.SetupPage));

/** SPEC.md section 2: "onboarding: shown to owners or staff (a staff session acts as owner); others redirected to /overview". */
const ONBOARDING_GATE: Pick<NavItem, 'roles' | 'permission' | 'deniedRedirect'> = {
  roles: ['owner'],
  permission: 'manage_organization_settings',
  deniedRedirect: '/overview',
};
const SETUP_GATE: Pick<NavItem, 'roles' | 'flag'> = { roles: ['owner'], flag: 'reflow' };
/** The integrations settings page's own gate, under the reflow flag. */
const INTEGRATION_ONBOARDING_GATE: Pick<NavItem, 'roles' | 'permission' | 'flag'> = {
  roles: ['owner'],
  permission: 'read_integrations',
  flag: 'reflow',
};

/** /onboarding inside the app (the Get Started entry): on to this organization's first onboarding screen. */
export function OnboardingEntryRoute() {
  return <Navigate to={onboardingStart(useCurrentUser())} replace />;
}

/** An address naming another of the user's organizations asks before switching; one they are not in does not exist. */
function SameOrganization({ children }: { children: ReactNode }) {
  const { orgId } = useParams();
  const me = useCurrentUser();
  const switchTo = useMutation({ mutationFn: switchOrganization, onSuccess: () => window.location.reload() });
  if (orgId === me.organization.id) return children;
  const target = me.organizations.find((organization) => organization.id === orgId);
  if (!target) return <NotFoundRoute />;
  return (
    <Paper withBorder p="lg" radius="md" maw={560} mx="auto" data-testid="switch-organization">
      <Stack>
        <Title order={1} size="h3">
          This onboarding belongs to {target.name}
        </Title>
        <Text>
          You are working in {me.organization.name}. Switch to {target.name} to continue its set-up.
        </Text>
        {switchTo.isError && <ErrorAlert error={switchTo.error} title="Could not switch organization" />}
        <Group justify="flex-end">
          <Button loading={switchTo.isPending} onClick={() => switchTo.mutate(target.id)}>
            Switch to {target.name}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** SPEC.md section 2: integration onboarding screens exist only while onboarding is not complete, and hide the top navigation. */
function IntegrationOnboardingLayout() {
  const me = useCurrentUser();
  if (me.metadata.onboarding_complete) return <NotFoundRoute />;
  return (
    <RequireAccess gate={INTEGRATION_ONBOARDING_GATE}>
      <OnboardingFrame exitTo={appHomePath(me)}>
        <Suspense fallback={<LoadingArea />}>
          <Outlet />
        </Suspense>
      </OnboardingFrame>
    </RequireAccess>
  );
}

function OnboardingLayout() {
  const me = useCurrentUser();
  return (
    <RequireAccess gate={ONBOARDING_GATE}>
      <LiveQueries />
      <OnboardingFrame exitTo={appHomePath(me)}>
        <SameOrganization>
          <Suspense fallback={<LoadingArea />}>
            <Outlet />
          </Suspense>
        </SameOrganization>
      </OnboardingFrame>
    </RequireAccess>
  );
}

/**
 * Signed in, outside the app shell: /org/{orgId}/onboarding/signals, .../signals/alert and .../setup (reflow only), and
 * the integration onboarding screens under settings/integrations.
 */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'org/:orgId/onboarding',
    element: <OnboardingLayout />,
    children: [
      { index: true, element: <Navigate to="signals" replace /> },
      { path: 'signals', element: <SignalsChecklist />, handle: screenHandle(SignalsChecklist) },
      { path: 'signals/alert', element: <TestAlertStep />, handle: screenHandle(TestAlertStep) },
      {
        path: 'setup',
        handle: screenHandle(SetupPage),
        element: (
          <RequireAccess gate={SETUP_GATE}>
            <SetupPage />
          </RequireAccess>
        ),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    element: <IntegrationOnboardingLayout />,
    children: INTEGRATION_ONBOARDING_PATHS.map(({ integration, path }) => ({
      path,
      element: <IntegrationOnboardingPage integration={integration} />,
      handle: screenHandle(IntegrationOnboardingPage),
    })),
  },
];
