import { useState } from 'react';

/**
 * Newest-first paging over cursors (the history's positions, the audit trail's opaque cursors). The stack holds
 * the cursors of the pages behind us, so Previous returns to exactly the page seen before, even while new events
 * arrive on top.
 */
export function useCursorPages<Cursor = number>() {
  const [cursors, setCursors] = useState<Cursor[]>([]);
  return {
    before: cursors.at(-1),
    pageNumber: cursors.length + 1,
    hasPrevious: cursors.length > 0,
    next: (cursor: Cursor) => setCursors((stack) => [...stack, cursor]),
    previous: () => setCursors((stack) => stack.slice(0, -1)),
    reset: () => setCursors([]),
  };
}
