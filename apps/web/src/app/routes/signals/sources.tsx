import { useCurrentUser } from '@/lib/get-me';
import { EditSourcePage } from '@/features/signals/event-sources/components/edit-source-page';
import { NewSourcePage } from '@/features/signals/event-sources/components/new-source-page';
import { SourcePage } from '@/features/signals/event-sources/components/source-page';
import { SourcesPage } from '@/features/signals/event-sources/components/sources-page';
import { HeartbeatsList } from '@/features/signals/heartbeats/components/heartbeats-list';
import { NewHeartbeatPage } from '@/features/signals/heartbeats/components/new-heartbeat-page';
import { Stack } from '@mantine/core';

// Readers see the actions they may not take, disabled with a tooltip naming the permission.
const useCanManageSources = () => useCurrentUser().permissions.includes('manage_event_sources');

/** /signals/sources: the event sources, then the heartbeats */
export function SourcesRoute() {
  const canManage = useCanManageSources();
  return (
    <Stack gap="xl">
      <SourcesPage canManage={canManage} />
      <HeartbeatsList canManage={canManage} />
    </Stack>
  );
}

/** /signals/sources/heartbeats/new */
export function NewHeartbeatRoute() {
  return <NewHeartbeatPage />;
}

/** /signals/sources/new */
export function NewSourceRoute() {
  return <NewSourcePage />;
}

/** /signals/sources/{id} */
export function SourceRoute() {
  return <SourcePage canManage={useCanManageSources()} />;
}

/** /signals/sources/{id}/edit */
export function EditSourceRoute() {
  return <EditSourcePage />;
}
