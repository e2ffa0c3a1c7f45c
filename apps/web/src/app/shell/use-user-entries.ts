import { useCurrentUser } from '@/lib/get-me';
import { useSignOut } from '@/features/sessions/api/sign-out';
import { NOTIFICATION_PREFERENCES_PATH } from '@/features/notification-preferences/components/alert-notifications';
import { EXTERNAL_LINKS } from './external-links';

export type UserEntry =
  | { kind: 'route'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'action'; label: string; onClick: () => void; pending: boolean };

/**
 * The User menu (SPEC.md section 2): Profile, the external links and Sign out; one list for both menus. Notification
 * preferences (how alerts reach you) are one click away too, as they are where people look for them.
 */
export function useUserEntries(): UserEntry[] {
  const me = useCurrentUser();
  const signOut = useSignOut();
  return [
    // The account area is closed to staff sessions.
    ...(me.user.isStaffSession ? [] : [{ kind: 'route', label: 'Profile', to: '/account/edit' } as const]),
    ...(me.user.isStaffSession || !me.featureFlags.signals
      ? []
      : [{ kind: 'route', label: 'Notification Preferences', to: NOTIFICATION_PREFERENCES_PATH } as const]),
    ...EXTERNAL_LINKS.map((link) => ({ kind: 'external', ...link }) as const),
    { kind: 'action', label: 'Sign out', onClick: () => signOut.mutate(), pending: signOut.isPending },
  ];
}
