import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';

/** The personal calendar feed: anyone holding the address can read it, so it is shown only here. */
export function CalendarSubscription({ icalUrl }: { icalUrl: string }) {
  const clipboard = useCopyToClipboard();
  const address = new URL(icalUrl, window.location.origin).toString();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Subscribe to this address in your calendar app to see your on-call shifts. Keep it private.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          value={address}
          readOnly
          aria-label="Calendar subscription URL"
          flex={1}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="default" onClick={() => clipboard.copy(address)}>
          Copy URL
        </Button>
      </Group>
      {clipboard.failed && (
        <Text size="sm" c="red">
          Could not copy: select the address and copy it yourself.
        </Text>
      )}
    </Stack>
  );
}
