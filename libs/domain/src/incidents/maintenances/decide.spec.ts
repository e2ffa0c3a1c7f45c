import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { MaintenanceCommand, ScheduleMaintenance } from './commands';
import {
  decideMaintenance,
  MAINTENANCE_ENDS_AFTER_START_MESSAGE,
  MAINTENANCE_NOTHING_COVERED_MESSAGE,
  MAINTENANCE_SOURCE_NOT_FOUND_MESSAGE,
  MAINTENANCE_TOO_LONG_MESSAGE,
} from './decide';
import type { MaintenanceEvent, MaintenanceScheduled } from './events';
import {
  evolveMaintenance,
  initialMaintenance,
  maintenanceCovers,
  maintenanceStatusAt,
  type MaintenanceState,
} from './state';

const maintenance = deciderSpec<MaintenanceState, MaintenanceCommand, MaintenanceEvent>({
  initial: initialMaintenance,
  evolve: evolveMaintenance,
  decide: decideMaintenance,
});
const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const schedule = (extra: Partial<ScheduleMaintenance> = {}): ScheduleMaintenance => ({
  type: 'ScheduleMaintenance',
  maintenanceId: 'm1',
  orgId: 'org-1',
  at: at(0),
  by: 'u1',
  missingSourceIds: [],
  name: ' DB upgrade ',
  startsAt: at(60),
  endsAt: at(120),
  services: ['Postgres', ' postgres ', 'billing'],
  sourceIds: ['s1'],
  announcement: '',
  ...extra,
});
const scheduled: MaintenanceScheduled = {
  type: 'MaintenanceScheduled',
  data: {
    maintenanceId: 'm1',
    orgId: 'org-1',
    at: at(0),
    by: 'u1',
    name: 'DB upgrade',
    startsAt: at(60),
    endsAt: at(120),
    services: ['Postgres', 'billing'],
    sourceIds: ['s1'],
    announcement: '',
  },
};
const command = (type: 'CancelMaintenance' | 'EndMaintenanceEarly', minutes: number): MaintenanceCommand => ({
  type,
  maintenanceId: 'm1',
  orgId: 'org-1',
  at: at(minutes),
  by: 'u1',
});

describe('maintenance decider', () => {
  it('schedules, the name trimmed and the services kept once whatever their case', () =>
    maintenance.given([]).when(schedule()).then([scheduled]));

  it('refuses a window backwards, too long, naming nothing or another organization’s source', () => {
    maintenance
      .given([])
      .when(schedule({ endsAt: at(30), services: [], sourceIds: [] }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({
          ends_at: [MAINTENANCE_ENDS_AFTER_START_MESSAGE],
          services: [MAINTENANCE_NOTHING_COVERED_MESSAGE],
        }),
      );
    maintenance
      .given([])
      .when(schedule({ endsAt: at(60 + 31 * 24 * 60) }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({ ends_at: [MAINTENANCE_TOO_LONG_MESSAGE] }),
      );
    maintenance
      .given([])
      .when(schedule({ sourceIds: ['s1', 'theirs'], missingSourceIds: ['theirs'] }))
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({ 'source_ids[1]': [MAINTENANCE_SOURCE_NOT_FOUND_MESSAGE] }),
      );
  });

  it('cancels while not over; ends early only once started; nothing changes after', () => {
    maintenance
      .given([scheduled])
      .when(command('CancelMaintenance', 90))
      .then([{ type: 'MaintenanceCancelled', data: { maintenanceId: 'm1', at: at(90), by: 'u1' } }]);
    maintenance
      .given([scheduled])
      .when(command('EndMaintenanceEarly', 30))
      .thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
    maintenance
      .given([scheduled])
      .when(command('EndMaintenanceEarly', 90))
      .then([
        { type: 'MaintenanceEndedEarly', data: { maintenanceId: 'm1', at: at(90), by: 'u1', plannedEndsAt: at(120) } },
      ]);
    maintenance
      .given([scheduled])
      .when(command('CancelMaintenance', 121))
      .thenThrows((error) => expect((error as DomainError).code).toBe('conflict'));
    maintenance
      .given([scheduled])
      .when({ ...command('CancelMaintenance', 90), orgId: 'org-2' })
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found'));
  });

  it('covers an alert of a chosen source, or whose service label names a service, only within the window', () => {
    const doc = { cancelled: false, ...scheduled.data };
    expect(maintenanceStatusAt(doc, T0)).toBe('scheduled');
    expect(maintenanceStatusAt(doc, T0 + 60 * 60_000)).toBe('in_progress');
    expect(maintenanceStatusAt(doc, T0 + 120 * 60_000)).toBe('completed');
    const during = T0 + 90 * 60_000;
    expect(maintenanceCovers(doc, { sourceId: 's1', labels: {} }, during)).toEqual({});
    expect(maintenanceCovers(doc, { sourceId: 's2', labels: { service: 'BILLING' } }, during)).toEqual({
      service: 'BILLING',
    });
    expect(maintenanceCovers(doc, { sourceId: 's2', labels: { service: 'web' } }, during)).toBeNull();
    expect(maintenanceCovers(doc, { sourceId: 's1', labels: {} }, T0)).toBeNull();
    expect(maintenanceCovers({ ...doc, cancelled: true }, { sourceId: 's1', labels: {} }, during)).toBeNull();
  });
});
