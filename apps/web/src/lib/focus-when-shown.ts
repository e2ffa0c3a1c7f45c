/** How long the control may take to appear: a saved row shows again once the list is fetched afresh. */
const WAIT_MS = 3000;

/**
 * Keyboard focus for a control that is about to go (an edited row's Save, a deleted row's Delete): without
 * this focus falls to the page's body, and Tab and screen readers start again from the top. Once focus has
 * fallen there, it moves to the first element matching `selector` as soon as the page shows it. Focus the
 * person has put somewhere else in the meantime stays where it is.
 */
export function focusWhenShown(selector: string, { preventScroll = false } = {}): void {
  const from = document.activeElement;
  const deadline = performance.now() + WAIT_MS;
  const attempt = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!lost && active !== from) return;
    const target = lost ? document.querySelector<HTMLElement>(selector) : null;
    target?.focus({ preventScroll });
    // a control still disabled (a button loading) takes focus a frame later
    if (target && document.activeElement === target) return;
    if (performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Keyboard focus for an editor of rows grouped by priority (policy steps, notification steps), given where a
 * row's first button (its Edit) and a priority's Add are: after a save, the saved row; after a delete, the
 * priority's Add; when a draft closes unsaved, its row again, or the Add that opened it.
 */
export function rowEditorFocus<Priority extends string>(selectors: {
  row: (id: string) => string;
  add: (priority: Priority) => string;
}) {
  const row = (id: string) => focusWhenShown(selectors.row(id));
  const add = (priority: Priority) => focusWhenShown(selectors.add(priority));
  return {
    row,
    add,
    closed(draft: { id?: string | null; priority: Priority } | null) {
      if (draft?.id) row(draft.id);
      else if (draft) add(draft.priority);
    },
  };
}
