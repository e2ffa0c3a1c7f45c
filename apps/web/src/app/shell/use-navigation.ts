import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/get-me';
import { visibleNavigation } from './nav-access';
import { NAVIGATION, type NavGroup } from './navigation';

/** The navigation the signed-in user may see. */
export function useNavigation(): NavGroup[] {
  const me = useCurrentUser();
  return useMemo(() => visibleNavigation(NAVIGATION, me), [me]);
}
