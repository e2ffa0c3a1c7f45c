import { useCallback, useState } from 'react';
import { showToast } from './toasts';

/** SPEC.md sections 8 and 9: a copy is confirmed by this success toast, shown for 1500 ms. */
export const COPIED_MESSAGE = 'Copied to clipboard';
export const COPIED_MS = 1500;

/** Copies text and confirms with the spec's toast; `failed` lets the caller tell the user to copy by hand. */
export function useCopyToClipboard() {
  const [failed, setFailed] = useState(false);
  const copy = useCallback((text: string) => {
    if (!navigator.clipboard) return setFailed(true);
    navigator.clipboard.writeText(text).then(
      () => {
        setFailed(false);
        showToast('success', COPIED_MESSAGE, COPIED_MS);
      },
      () => setFailed(true),
    );
  }, []);
  return { copy, failed };
}
