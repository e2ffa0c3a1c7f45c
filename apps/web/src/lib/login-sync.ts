import { LOGGED_IN_STORAGE_KEY } from '@tocsin/contracts';

/**
 * SPEC.md section 4: sign-in state is shared by every tab through one localStorage key. Writing it
 * fires a `storage` event in the other tabs (never in the writer), which follow suit.
 */
export const SIGN_IN_PATH = '/sessions/new';

export function markLoggedIn(): void {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, 'true');
}

export function markLoggedOut(): void {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, 'false');
}

/**
 * The session cookie is shared by every tab, so switching organization in one moves them all: the switch is
 * written here (with the time, so switching back to an organization still changes the value and fires).
 */
export const ORGANIZATION_STORAGE_KEY = 'current_organization';

export function markOrganizationSwitched(organizationId: string): void {
  window.localStorage.setItem(
    ORGANIZATION_STORAGE_KEY,
    JSON.stringify({ organization_id: organizationId, at: Date.now() }),
  );
}

/**
 * 'false' sends this tab to the sign-in page; any other change reloads it under the new session. An
 * organization switched in another tab starts this one afresh at home in that organization, as the
 * switching tab does: the page on screen may belong to the old one.
 */
export function followLoginChanges(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ORGANIZATION_STORAGE_KEY) {
      if (event.newValue) window.location.assign('/');
      return;
    }
    if (event.key !== LOGGED_IN_STORAGE_KEY) return;
    if (event.newValue === 'false') window.location.assign(SIGN_IN_PATH);
    else window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
