import type { MaintenanceSettings } from './events';

/**
 * `orgId` is the caller's organization. `missingSourceIds` are the chosen sources the handler did not find in that
 * organization (another organization's is not found, like an unknown id): the decider refuses them.
 */
export type ScheduleMaintenance = {
  type: 'ScheduleMaintenance';
  maintenanceId: string;
  orgId: string;
  at: string;
  by: string | null;
  missingSourceIds: string[];
} & Partial<MaintenanceSettings>;

/** Fields left out keep their value (PATCH). */
export type ChangeMaintenance = {
  type: 'ChangeMaintenance';
  maintenanceId: string;
  orgId: string;
  at: string;
  by: string | null;
  missingSourceIds: string[];
} & Partial<MaintenanceSettings>;

export type CancelMaintenance = {
  type: 'CancelMaintenance';
  maintenanceId: string;
  orgId: string;
  at: string;
  by: string | null;
};
export type EndMaintenanceEarly = {
  type: 'EndMaintenanceEarly';
  maintenanceId: string;
  orgId: string;
  at: string;
  by: string | null;
};

export type MaintenanceCommand = ScheduleMaintenance | ChangeMaintenance | CancelMaintenance | EndMaintenanceEarly;
