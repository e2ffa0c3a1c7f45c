import { Text } from '@mantine/core';
import type { RoomViewer } from '@tocsin/contracts';

/** Who else has this page open now (a live room's viewers), the current user last as "you". */
export function ViewingNow({ viewers, me }: { viewers: RoomViewer[]; me: string }) {
  if (viewers.length === 0) return null;
  const others = viewers.filter((v) => v.user_id !== me).map((v) => v.name);
  const names = viewers.some((v) => v.user_id === me) ? [...others, 'you'] : others;
  return (
    <Text size="sm" c="dimmed" data-testid="viewing-now" style={{ overflowWrap: 'anywhere' }}>
      Viewing now: {others.length === 0 ? 'only you' : names.join(', ')}
    </Text>
  );
}
