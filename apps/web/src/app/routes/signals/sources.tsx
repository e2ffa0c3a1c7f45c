import { useCurrentUser } from '@/lib/get-me';
import { EditSourcePage } from '@/features/signals/event-sources/components/edit-source-page';
import { NewSourcePage } from '@/features/signals/event-sources/components/new-source-page';
import { SourcePage } from '@/features/signals/event-sources/components/source-page';
import { SourcesPage } from '@/features/signals/event-sources/components/sources-page';

// Readers see the actions they may not take, disabled with a tooltip naming the permission.
const useCanManageSources = () => useCurrentUser().permissions.includes('manage_event_sources');

/** /signals/sources */
export function SourcesRoute() {
  return <SourcesPage canManage={useCanManageSources()} />;
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
