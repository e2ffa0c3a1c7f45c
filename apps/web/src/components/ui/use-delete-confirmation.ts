import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A list's "Delete this?" step: the item asked about, and the ConfirmDialog props that delete it by id and
 * close (clearing a refusal) when done or dismissed.
 */
export function useDeleteConfirmation<Item extends { id: string }>(
  remove: UseMutationResult<unknown, unknown, string, unknown>,
) {
  const [deleting, setDeleting] = useState<Item | null>(null);
  const close = () => (remove.reset(), setDeleting(null));
  return {
    deleting,
    ask: (item: Item) => setDeleting(item),
    dialog: {
      opened: deleting !== null,
      loading: remove.isPending,
      error: remove.error,
      onClose: close,
      onConfirm: () => deleting && remove.mutate(deleting.id, { onSuccess: close }),
    },
  };
}
