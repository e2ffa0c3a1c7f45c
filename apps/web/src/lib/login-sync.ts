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

/** 'false' sends this tab to the sign-in page; any other change reloads it under the new session. */
export function followLoginChanges(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGGED_IN_STORAGE_KEY) return;
    if (event.newValue === 'false') window.location.assign(SIGN_IN_PATH);
    else window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
