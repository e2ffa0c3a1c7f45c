import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { useState } from 'react';
import { useSocketEvent } from '@/lib/socket';

/**
 * Any view change means the log moved past what the first page showed. We offer the news instead of
 * reloading the table under the reader's eyes.
 */
export function useNewEvents(newestShown: number | null) {
  const [newest, setNewest] = useState<number | null>(null);
  useSocketEvent<ViewChangedNotice>(SocketEvents.viewChanged, (notice) => {
    setNewest((current) => Math.max(current ?? -1, notice.position));
  });
  const available = newest !== null && (newestShown === null || newest > newestShown);
  return { available, acknowledge: () => setNewest(null) };
}
