import { Stack, Text } from '@mantine/core';
import { ViewingNow } from '@/components/ui/viewing-now';
import type { LiveRoom } from '@/lib/use-room';

/** Who has the retrospective open now, and who else is typing an answer (the live room's presence). */
export function RetrospectivePresence({ room, me }: { room: LiveRoom; me: string }) {
  const typing = room.typers.filter((t) => t.user_id !== me).map((t) => t.name);
  return (
    <Stack gap={2}>
      <ViewingNow viewers={room.viewers} me={me} />
      <Text size="sm" c="dimmed" data-testid="typing-now" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
        {typing.length === 0 ? '' : `${typing.join(', ')} ${typing.length === 1 ? 'is' : 'are'} typing an answer…`}
      </Text>
    </Stack>
  );
}
