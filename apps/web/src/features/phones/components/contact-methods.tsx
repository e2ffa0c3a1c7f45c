import { Divider, Stack, Text, Title } from '@mantine/core';
import { AlternativeEmailsSection } from './alternative-emails-section';
import { PhonesSection } from './phones-section';

/**
 * Where the profile says how to reach this person (as PagerDuty's contact methods): phone numbers and
 * alternative emails, each usable by notification settings once verified.
 */
export function ContactMethods() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          Contact methods
        </Title>
        <Text size="sm" c="dimmed">
          Your sign-in email always receives notifications.
        </Text>
      </div>
      <PhonesSection />
      <Divider variant="dashed" />
      <AlternativeEmailsSection />
    </Stack>
  );
}
