import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnboardingMeSync } from '@/features/onboarding/api/use-onboarding-me-sync';
import { bindSocketToQueries } from '@/lib/socket';

/** Opens the socket with the session: signed-out pages have nothing live to follow. */
export function LiveQueries() {
  const queryClient = useQueryClient();
  useEffect(() => bindSocketToQueries(queryClient), [queryClient]);
  useOnboardingMeSync();
  return null;
}
