import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/get-me';
import { useSocketEvent } from '@/lib/socket';
import { ONBOARDING_VIEW } from './get-onboarding-tasks';

/**
 * /me carries onboarding_complete, which decides the Get Started entry: when another owner (or another tab)
 * changes the checklist, the navigation follows without waiting for /me to go stale.
 */
export function useOnboardingMeSync() {
  const queryClient = useQueryClient();
  useSocketEvent<ViewChangedNotice>(SocketEvents.viewChanged, (notice) => {
    if (notice.view === ONBOARDING_VIEW) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  });
}
