import type { MaintenanceEvent, MaintenanceSettings } from './events';

export const MAINTENANCE_STATES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATES)[number];

export interface MaintenanceState {
  status: 'absent' | 'active' | 'cancelled';
  orgId: string | null;
  settings: MaintenanceSettings | null;
}

export const initialMaintenance = (): MaintenanceState => ({ status: 'absent', orgId: null, settings: null });

export function evolveMaintenance(state: MaintenanceState, event: MaintenanceEvent): MaintenanceState {
  switch (event.type) {
    case 'MaintenanceScheduled': {
      const { maintenanceId: _id, orgId, at: _at, by: _by, ...settings } = event.data;
      return { status: 'active', orgId, settings };
    }
    case 'MaintenanceChanged': {
      const { maintenanceId: _id, at: _at, by: _by, ...settings } = event.data;
      return { ...state, settings };
    }
    case 'MaintenanceCancelled':
      return { ...state, status: 'cancelled' };
    case 'MaintenanceEndedEarly':
      return state.settings ? { ...state, settings: { ...state.settings, endsAt: event.data.at } } : state;
  }
}

/** Where a maintenance stands at `now`: its state is the clock's, but for a cancellation. */
export function maintenanceStatusAt(
  maintenance: { cancelled: boolean; startsAt: string; endsAt: string },
  now: number,
): MaintenanceStatus {
  if (maintenance.cancelled) return 'cancelled';
  if (now < Date.parse(maintenance.startsAt)) return 'scheduled';
  if (now < Date.parse(maintenance.endsAt)) return 'in_progress';
  return 'completed';
}

/** The same service however it was typed: trimmed, lower-cased. */
export const serviceKey = (service: string) => service.trim().toLowerCase();

/**
 * Whether the maintenance, in force at `now`, covers an alert of `sourceId` with these labels: its source was
 * chosen, or its `service` label names one of the services. Answers how (`service`: the label), or null.
 */
export function maintenanceCovers(
  maintenance: { cancelled: boolean; startsAt: string; endsAt: string; services: string[]; sourceIds: string[] },
  alert: { sourceId: string; labels: Record<string, string> },
  now: number,
): { service?: string } | null {
  if (maintenanceStatusAt(maintenance, now) !== 'in_progress') return null;
  if (maintenance.sourceIds.includes(alert.sourceId)) return {};
  const label = alert.labels.service;
  if (typeof label !== 'string' || !label.trim()) return null;
  const wanted = serviceKey(label);
  return maintenance.services.some((service) => serviceKey(service) === wanted) ? { service: label } : null;
}
