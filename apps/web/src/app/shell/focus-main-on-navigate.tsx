import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { focusWhenShown } from '@/lib/focus-when-shown';

/**
 * A button that opens another page (New team, Create team) goes with the page it was on, and keyboard focus
 * with it: the next Tab then started wherever the browser guessed, often deep in the sidebar. Focus goes to the
 * new page's main content instead, where the skip link puts it, so the next Tab is the page's first control.
 * Focus that survived the change (a sidebar link) stays where it is.
 */
export function FocusMainOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) focusWhenShown(`#${MAIN_CONTENT_ID}`, { preventScroll: true });
  }, [pathname]);
  return null;
}
