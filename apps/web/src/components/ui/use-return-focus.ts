import { useLayoutEffect } from 'react';

/**
 * Gives keyboard focus back to the control that opened a dialog. Mantine's Modal does so only when its
 * `opened` turns false: a dialog rendered only while it is needed (mounted open, then unmounted) never saw
 * itself open, so closing it left focus on the page's body. Call it in the dialog with whether it is open: the
 * element focused as it opens gets focus back when it closes or goes, if it is still on the page and focus
 * has not been put anywhere else.
 */
export function useReturnFocus(opened: boolean): void {
  // a layout effect: it runs before the dialog's focus trap moves focus inside
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = document.activeElement;
    return () => {
      // once the dialog's elements, and the focus they held, are gone
      setTimeout(() => {
        const active = document.activeElement;
        const lost = !active || active === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    };
  }, [opened]);
}
