/** SPEC.md section 4: leaving a changed form asks first. */
export const UNSAVED_CHANGES_PROMPT = "Are you sure you want to navigate away? You'll lose your changes.";

interface Place {
  pathname: string;
  search: string;
}

/**
 * Only leaving the page loses the form: a hash change scrolls within it. Going to the same address again (a
 * link to the current page) does not unmount the form either.
 */
export function leavesChangedForm(isDirty: boolean, current: Place, next: Place): boolean {
  return isDirty && (current.pathname !== next.pathname || current.search !== next.search);
}
