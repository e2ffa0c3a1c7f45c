import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';

/** SPEC.md section 9: the copy confirmation shows for 1500 ms. */
export const COPIED_MS = 1500;

/** The personal calendar feed: anyone holding the address can read it, so it is shown only here. */
export function CalendarSubscription({ icalUrl }: { icalUrl: string }) {
  const clipboard = useClipboard({ timeout: COPIED_MS });
  const address = new URL(icalUrl, window.location.origin).toString();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">Subscribe to this address in your calendar app to see your on-call shifts. Keep it private.</Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput value={address} readOnly aria-label="Calendar subscription URL" flex={1} onFocus={(event) => event.currentTarget.select()} />
        <Button variant={clipboard.copied ? 'light' : 'default'} color={clipboard.copied ? 'green' : undefined} onClick={() => clipboard.copy(address)} miw={170}>
          {clipboard.copied ? 'Copied to clipboard' : 'Copy URL'}
        </Button>
      </Group>
      {clipboard.error && <Text size="sm" c="red">Could not copy: select the address and copy it yourself.</Text>}
    </Stack>
  );
}
