import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useCopyToClipboard } from '@/components/ui/use-copy-to-clipboard';

/** A value to copy (a URL, a secret, a snippet): shown whole, selectable, with a button naming what it copies. */
export function CopyableValue({
  label,
  value,
  block = false,
  testId,
}: {
  label: string;
  value: string;
  block?: boolean;
  testId?: string;
}) {
  const { copy, failed } = useCopyToClipboard();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => copy(value)}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          Copy
        </Button>
      </Group>
      <Code
        block={block}
        data-testid={testId}
        style={{ overflowWrap: 'anywhere', whiteSpace: block ? 'pre-wrap' : 'normal', display: 'block' }}
        tabIndex={0}
      >
        {value}
      </Code>
      {failed && (
        <Text size="xs" c="red" role="alert">
          Could not copy: select the text and copy it by hand.
        </Text>
      )}
    </Stack>
  );
}
