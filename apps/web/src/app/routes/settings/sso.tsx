import { Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useSsoSettings } from '@/features/sso/api/get-sso-settings';
import { SsoDomainList } from '@/features/sso/components/sso-domain-list';
import { SsoSettingsForm } from '@/features/sso/components/sso-settings-form';

/** /settings/sso/edit (the legacy /organizations/sso/settings/edit lands here): OpenID Connect single sign-on. */
export function SsoSettingsRoute() {
  const settings = useSsoSettings();
  const me = useCurrentUser();
  return (
    <Stack>
      <Title order={1} size="h2">
        Single Sign-On
      </Title>
      <Text c="dimmed" maw={640}>
        People whose email is in your verified domains sign in through your identity provider (OpenID Connect). Someone
        signing in for the first time joins this organization as a member; someone who already has an account signs in
        with it first, then links single sign-on.
      </Text>
      {settings.isPending && <LoadingArea />}
      {settings.isError && <ErrorAlert error={settings.error} title="Could not load single sign-on" />}
      {settings.isSuccess && (
        <SsoSettingsForm settings={settings.data} callbackUrl={`${window.location.origin}/sessions/sso/callback`} />
      )}
      {settings.data && settings.data.domain_statuses.length > 0 && (
        <SsoDomainList statuses={settings.data.domain_statuses} isStaffSession={me.user.isStaffSession} />
      )}
    </Stack>
  );
}
