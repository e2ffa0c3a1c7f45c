/** What a maintenance says: its window, what it covers, and what is announced. */
export interface MaintenanceSettings {
  name: string;
  /** ISO-8601 instants; the window is [startsAt, endsAt). */
  startsAt: string;
  endsAt: string;
  /** Services by name (free text until the service catalog exists): alerts whose `service` label names one are held. */
  services: string[];
  /** Event sources (or heartbeats: one stands as its alert's source) chosen directly: all their alerts are held. */
  sourceIds: string[];
  announcement: string;
}

/** A scheduled maintenance (issue 21): alerts it covers page nobody during its window. */
export type MaintenanceScheduled = {
  type: 'MaintenanceScheduled';
  data: { maintenanceId: string; orgId: string; at: string; by: string | null } & MaintenanceSettings;
};
export type MaintenanceChanged = {
  type: 'MaintenanceChanged';
  data: { maintenanceId: string; at: string; by: string | null } & MaintenanceSettings;
};
/** Called off: the alerts it holds page at once. */
export type MaintenanceCancelled = {
  type: 'MaintenanceCancelled';
  data: { maintenanceId: string; at: string; by: string | null };
};
/** Over before its planned end: its window ends `at`, and the alerts it holds page at once. */
export type MaintenanceEndedEarly = {
  type: 'MaintenanceEndedEarly';
  data: { maintenanceId: string; at: string; by: string | null; plannedEndsAt: string };
};

export type MaintenanceEvent = MaintenanceScheduled | MaintenanceChanged | MaintenanceCancelled | MaintenanceEndedEarly;

export const maintenanceStream = (maintenanceId: string) => `maintenance-${maintenanceId}`;
