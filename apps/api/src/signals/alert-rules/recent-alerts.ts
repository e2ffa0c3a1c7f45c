import { alertsView } from '@tocsin/read-models';
import type { ReadStore } from '../../runtime/ports';

/** What the rule preview reads of an alert (a slice of the alerts view's document). */
export type RecentAlert = Pick<
  Awaited<ReturnType<typeof alertsView.recent>>[number],
  '_id' | 'orgId' | 'sourceId' | 'teamId' | 'summary' | 'priority' | 'labels' | 'triggered_at'
>;

/** The team's newest alerts (those its sources sent, which its rules would see), newest first. */
export const recentAlerts = (store: ReadStore, orgId: string, teamId: string, limit: number): Promise<RecentAlert[]> =>
  alertsView.recent(store, orgId, teamId, limit);
