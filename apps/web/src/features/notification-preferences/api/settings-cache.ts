import type { QueryClient } from '@tanstack/react-query';
import { complianceQueryKey } from './get-compliance';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** The API answers once both views hold the change, so the list and the compliance are asked again together. */
export const settingsChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: complianceQueryKey }),
  ]);
