import { alertsView } from '@tocsin/read-models';
import type { ReadStore } from '../../runtime/ports';

/** What the rule preview reads of an alert (a slice of the alerts view's document). */
export type RecentAlert = Pick<
  Awaited<ReturnType<typeof alertsView.recent>>[number],
  '_id' | 'orgId' | 'sourceId' | 'teamId' | 'summary' | 'priority' | 'labels' | 'triggered_at'
>;

/** The organization's newest alerts, newest first, from the alerts read model. */
export const recentAlerts = (store: ReadStore, orgId: string, limit: number): Promise<RecentAlert[]> =>
  alertsView.recent(store, orgId, limit);
