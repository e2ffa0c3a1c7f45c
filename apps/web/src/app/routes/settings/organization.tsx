import { Divider, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { meQueryKey, useCurrentUser } from '@/lib/get-me';
import { useOrganization } from '@/features/organization-admin/api/get-organization';
import { FeatureFlagToggles } from '@/features/organization-admin/components/feature-flag-toggles';
import { OrganizationNameForm } from '@/features/organization-admin/components/organization-name-form';

/** /settings/organization: the name, and for owners the feature flags. The shell reads both from /me. */
export function OrganizationRoute() {
  const me = useCurrentUser();
  const organization = useOrganization();
  const queryClient = useQueryClient();
  const refreshMe = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
  const canManage = me.permissions.includes('manage_organization_settings');
  return (
    <Stack>
      <Title order={1} size="h2">
        Organization
      </Title>
      {organization.isPending && <LoadingArea />}
      {organization.isError && <ErrorAlert error={organization.error} title="Could not load the organization" />}
      {organization.data && (
        <OrganizationNameForm name={organization.data.name} canManage={canManage} onRenamed={refreshMe} />
      )}
      {me.user.role === 'owner' && (
        <>
          <Divider />
          <FeatureFlagToggles canManage={canManage} onChanged={refreshMe} />
        </>
      )}
    </Stack>
  );
}
