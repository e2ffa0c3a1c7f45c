import { Divider, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { AccountPage } from '@/features/account/components/account-page';
import { AvatarDropzone } from '@/features/account/components/avatar-dropzone';
import { CalendarSubscription } from '@/features/account/components/calendar-subscription';
import { DefaultOrganization } from '@/features/account/components/default-organization';
import { EmailChangeForm } from '@/features/account/components/email-change-form';
import { LinkedAccounts } from '@/features/account/components/linked-accounts';
import { PasswordForm } from '@/features/account/components/password-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useCurrentUser } from '@/lib/get-me';
import { ContactMethods } from '@/features/phones/components/contact-methods';
import { ChatDestinationsSection } from '@/features/destinations/components/chat-destinations-section';
import { PushDevicesSection } from '@/features/destinations/components/push-devices-section';
import {
  AlertNotifications,
  PREFERENCES_ANCHOR,
} from '@/features/notification-preferences/components/alert-notifications';

/** /account/edit */
export function AccountEditRoute() {
  const { user } = useCurrentUser();
  const [emailChanging, setEmailChanging] = useState(false);
  return (
    <AccountPage title="Profile">
      <Stack gap="lg">
        <AvatarDropzone avatarUrl={user.avatarUrl} name={user.name} />
        <ProfileForm name={user.name} otherChanges={emailChanging} />
        <EmailChangeForm email={user.email} onDirtyChange={setEmailChanging} />
        <Divider />
        <ContactMethods />
        <Divider variant="dashed" />
        <ChatDestinationsSection />
        <Divider variant="dashed" />
        <PushDevicesSection />
      </Stack>
    </AccountPage>
  );
}

/** /account/password_security */
export function PasswordSecurityRoute() {
  const { user } = useCurrentUser();
  return (
    <AccountPage title="Password & Security">
      <PasswordForm ssoEnabled={user.ssoEnabled} />
    </AccountPage>
  );
}

/** /account/organization_settings: alert notification preferences join it with the signals area. */
export function OrganizationSettingsRoute() {
  const me = useCurrentUser();
  return (
    <AccountPage title="Organization Settings">
      <Stack gap="lg">
        <DefaultOrganization />
        <Divider />
        <Title order={2} size="h4">
          Linked accounts
        </Title>
        <LinkedAccounts />
        {me.featureFlags.signals && (
          <>
            <Divider />
            <Title order={2} size="h4" id={PREFERENCES_ANCHOR} style={{ scrollMarginTop: 72 }}>
              Alert notifications
            </Title>
            <AlertNotifications />
          </>
        )}
        <Divider />
        <Title order={2} size="h4">
          Calendar subscription
        </Title>
        <CalendarSubscription icalUrl={me.organization.icalUrl} />
      </Stack>
    </AccountPage>
  );
}
