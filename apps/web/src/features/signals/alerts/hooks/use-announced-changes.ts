import { useEffect, useRef } from 'react';
import { announce } from '@/components/ui/announcer';
import type { Alert } from '@tocsin/contracts';
import { describeAlertChanges } from '../lib/alert-changes';

/**
 * Says what a live refetch changed in the list. `scope` names what the list shows (its filters and page): a
 * new scope is the reader's own doing, already on screen, and is not announced.
 */
export function useAnnouncedChanges(alerts: Alert[] | undefined, scope: string) {
  const last = useRef<{ scope: string; alerts: Alert[] } | null>(null);
  useEffect(() => {
    if (!alerts) return;
    const before = last.current;
    last.current = { scope, alerts };
    if (!before || before.scope !== scope) return;
    for (const message of describeAlertChanges(before.alerts, alerts)) announce(message);
  }, [alerts, scope]);
}

/** Says a status change of the alert on screen that the reader did not make here (another tab, a link, an SMS). */
export function useAnnouncedStatus(alert: Pick<Alert, 'id' | 'status' | 'summary'>) {
  const last = useRef<{ id: string; status: Alert['status'] } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { id: alert.id, status: alert.status };
    if (before && before.id === alert.id && before.status !== alert.status) {
      for (const message of describeAlertChanges([{ ...alert, status: before.status }], [alert])) announce(message);
    }
  }, [alert]);
}
