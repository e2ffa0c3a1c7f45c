import { Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useSsoSettings } from '@/features/sso/api/get-sso-settings';
import { SsoSettingsForm } from '@/features/sso/components/sso-settings-form';

/** /settings/sso/edit (the legacy /organizations/sso/settings/edit lands here): OpenID Connect single sign-on. */
export function SsoSettingsRoute() {
  const settings = useSsoSettings();
  return (
    <Stack>
      <Title order={1} size="h2">Single Sign-On</Title>
      <Text c="dimmed" maw={640}>
        People whose email is in your domains sign in through your identity provider (OpenID Connect). Someone signing in for the first time joins this organization as a member.
      </Text>
      {settings.isPending && <LoadingArea />}
      {settings.isError && <ErrorAlert error={settings.error} title="Could not load single sign-on" />}
      {settings.isSuccess && <SsoSettingsForm settings={settings.data} callbackUrl={`${window.location.origin}/sessions/sso/callback`} />}
    </Stack>
  );
}
