import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';
import type { AlertStatus } from '../../signals/alerts/alerts';

/** Derived from the clock: before the window, during it, after it; or called off. */
export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type MaintenanceStatusName = (typeof MAINTENANCE_STATUSES)[number];

/** The list's filters: not yet started, in force now, or over (completed or cancelled). */
export const MAINTENANCE_LIST_FILTERS = ['upcoming', 'in_progress', 'past'] as const;
export type MaintenanceListFilter = (typeof MAINTENANCE_LIST_FILTERS)[number];

/** GET /api/v1/incidents/maintenances/{id} and each item of the list. */
export interface Maintenance {
  id: string;
  name: string;
  status: MaintenanceStatusName;
  /** ISO-8601 instants (UTC); the window is [starts_at, ends_at). */
  starts_at: string;
  ends_at: string;
  /** Alerts whose `service` label names one of these (any case) are held during the window. */
  services: string[];
  /** Event sources (or heartbeats) chosen directly: all their alerts are held during the window. */
  source_ids: string[];
  announcement: string;
  cancelled_at: string | null;
  ended_early_at: string | null;
  /** How many alert episodes it held. */
  suppressed_alerts: number;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/incidents/maintenances */
export interface MaintenanceRequest {
  name: string;
  starts_at: string;
  ends_at: string;
  services?: string[];
  source_ids?: string[];
  announcement?: string;
}

/** PATCH /api/v1/incidents/maintenances/{id} */
export type MaintenanceChangeRequest = Partial<MaintenanceRequest>;

export interface MaintenancesQuery extends PageQuery {
  filter?: MaintenanceListFilter;
}

export interface MaintenancesResponse {
  data: Maintenance[];
  pagination: PagePagination;
}

export interface MaintenanceResponse {
  data: Maintenance;
}

/** An alert episode the maintenance held (GET .../{id}/held_alerts), latest hold first. */
export interface MaintenanceHeldAlert {
  alert_id: string;
  episode: number;
  summary: string;
  /** Where the held episode is now: a later episode means it was resolved. */
  status: AlertStatus;
  source_id: string;
  /** The `service` label that tied it to the maintenance; absent when its source was chosen. */
  service: string | null;
}

export interface MaintenanceHeldAlertsResponse {
  data: MaintenanceHeldAlert[];
  /** Every episode it held; `data` lists the latest MAINTENANCE_HELD_ALERTS_SHOWN. */
  total: number;
}

export const MAINTENANCE_HELD_ALERTS_SHOWN = 100;
