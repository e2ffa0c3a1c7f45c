import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Announcer } from '@/components/ui/announcer';
import { Toasts } from '@/components/ui/toasts';
import { meQueryKey } from '@/lib/get-me';
import { isSignedOut } from '@/lib/api-client';
import { cssVariablesResolver, theme } from './theme/theme';

/**
 * A 401 from any call of a signed-in tab means the session ended (expired, or ended elsewhere):
 * refetching the current user lets the session guard send the tab to sign-in. Signed out, a 401 is
 * just an answer (a wrong password).
 */
function createQueryClient(): QueryClient {
  const onError = (error: unknown, key?: readonly unknown[]) => {
    const signedIn = queryClient.getQueryData(meQueryKey) !== undefined;
    if (signedIn && isSignedOut(error) && key?.[0] !== meQueryKey[0])
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
  });
  return queryClient;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider defaultColorScheme="light" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <Toasts />
      <Announcer />
    </MantineProvider>
  );
}
