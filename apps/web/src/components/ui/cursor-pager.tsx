import { Button, Group, Text } from '@mantine/core';
import type { useCursorPages } from '@/lib/use-cursor-pages';

/** "Page n" with Previous and Next under a list paged by cursors (`useCursorPages`); Next needs the page's next cursor. */
export function CursorPager<Cursor>({
  pages,
  nextCursor,
  testId,
}: {
  pages: ReturnType<typeof useCursorPages<Cursor>>;
  nextCursor: Cursor | null;
  testId?: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={testId}>
        Page {pages.pageNumber}
      </Text>
      <Group gap="xs">
        <Button variant="default" disabled={!pages.hasPrevious} onClick={pages.previous}>
          Previous
        </Button>
        <Button
          variant="default"
          disabled={nextCursor === null}
          onClick={() => nextCursor !== null && pages.next(nextCursor)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
