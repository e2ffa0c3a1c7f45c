import { useCurrentUser } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { EXTERNAL_LINKS } from './external-links';

export type UserEntry =
  | { kind: 'route'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'action'; label: string; onClick: () => void; pending: boolean };

/** The User menu (SPEC.md section 2): Profile, the external links and Sign out; one list for both menus. */
export function useUserEntries(): UserEntry[] {
  const me = useCurrentUser();
  const signOut = useSignOut();
  return [
    // The account area is closed to staff sessions.
    ...(me.user.isStaffSession ? [] : [{ kind: 'route', label: 'Profile', to: '/account/edit' } as const]),
    ...EXTERNAL_LINKS.map((link) => ({ kind: 'external', ...link }) as const),
    { kind: 'action', label: 'Sign out', onClick: () => signOut.mutate(), pending: signOut.isPending },
  ];
}
