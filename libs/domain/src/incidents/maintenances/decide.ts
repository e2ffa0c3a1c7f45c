import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { MaintenanceCommand } from './commands';
import type { MaintenanceEvent, MaintenanceSettings } from './events';
import { maintenanceStatusAt, serviceKey, type MaintenanceState } from './state';

export const MAINTENANCE_NAME_MAX_LENGTH = 200;
export const MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH = 5_000;
export const MAINTENANCE_SERVICES_MAX = 50;
export const MAINTENANCE_SERVICE_MAX_LENGTH = 100;
export const MAINTENANCE_SOURCES_MAX = 100;
/** A window of 30 days at most: longer is a change of how the service runs, not a maintenance. */
export const MAINTENANCE_MAX_DAYS = 30;

export const MAINTENANCE_ENDS_AFTER_START_MESSAGE = 'ends_at must be after starts_at';
export const MAINTENANCE_TOO_LONG_MESSAGE = `ends_at must be at most ${MAINTENANCE_MAX_DAYS} days after starts_at`;
export const MAINTENANCE_ENDS_IN_PAST_MESSAGE = 'ends_at must be in the future';
export const MAINTENANCE_TIME_MESSAGE = (field: string) =>
  `${field} must be an ISO-8601 date and time with its offset (2026-05-01T22:00:00Z)`;
export const MAINTENANCE_NOTHING_COVERED_MESSAGE = 'Name at least one service or event source';
export const MAINTENANCE_SOURCE_NOT_FOUND_MESSAGE =
  'source_ids must be event sources or heartbeats of the organization';
export const MAINTENANCE_OVER_MESSAGE = 'This maintenance is over: it can no longer be changed';
export const MAINTENANCE_CANCELLED_MESSAGE = 'This maintenance was cancelled';
export const MAINTENANCE_NOT_STARTED_MESSAGE = 'This maintenance has not started: cancel it instead of ending it early';
export const MAINTENANCE_NOT_FOUND_MESSAGE = 'Maintenance not found';

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value));

/** Every field's message at once, named as the request names it; answers the settings as kept (trimmed, canonical). */
function validSettings(
  settings: Record<keyof MaintenanceSettings, unknown>,
  missingSourceIds: string[],
  now: number,
): MaintenanceSettings {
  const errors: Record<string, string[]> = {};
  const name = typeof settings.name === 'string' ? settings.name.trim() : '';
  if (!name) errors.name = [FIELD_MESSAGES.required('name')];
  else if (name.length > MAINTENANCE_NAME_MAX_LENGTH)
    errors.name = [FIELD_MESSAGES.maxLength('name', MAINTENANCE_NAME_MAX_LENGTH)];
  const startsOk = isInstant(settings.startsAt);
  const endsOk = isInstant(settings.endsAt);
  if (!startsOk) errors.starts_at = [MAINTENANCE_TIME_MESSAGE('starts_at')];
  if (!endsOk) errors.ends_at = [MAINTENANCE_TIME_MESSAGE('ends_at')];
  if (startsOk && endsOk) {
    const start = Date.parse(settings.startsAt as string);
    const end = Date.parse(settings.endsAt as string);
    if (end <= start) errors.ends_at = [MAINTENANCE_ENDS_AFTER_START_MESSAGE];
    else if (end - start > MAINTENANCE_MAX_DAYS * 86_400_000) errors.ends_at = [MAINTENANCE_TOO_LONG_MESSAGE];
    else if (end <= now) errors.ends_at = [MAINTENANCE_ENDS_IN_PAST_MESSAGE];
  }
  const services: string[] = [];
  const rawServices = Array.isArray(settings.services) ? settings.services : [];
  if (rawServices.length > MAINTENANCE_SERVICES_MAX)
    errors.services = [`services must hold at most ${MAINTENANCE_SERVICES_MAX} services`];
  rawServices.slice(0, MAINTENANCE_SERVICES_MAX + 1).forEach((value, index) => {
    const service = typeof value === 'string' ? value.trim() : '';
    if (!service) errors[`services[${index}]`] = [FIELD_MESSAGES.required(`services[${index}]`)];
    else if (service.length > MAINTENANCE_SERVICE_MAX_LENGTH)
      errors[`services[${index}]`] = [FIELD_MESSAGES.maxLength(`services[${index}]`, MAINTENANCE_SERVICE_MAX_LENGTH)];
    else if (!services.some((kept) => serviceKey(kept) === serviceKey(service))) services.push(service);
  });
  const rawSources = Array.isArray(settings.sourceIds) ? settings.sourceIds : [];
  if (rawSources.length > MAINTENANCE_SOURCES_MAX)
    errors.source_ids = [`source_ids must hold at most ${MAINTENANCE_SOURCES_MAX} event sources`];
  const sourceIds = [...new Set(rawSources.filter((id): id is string => typeof id === 'string'))];
  rawSources.forEach((id, index) => {
    if (typeof id !== 'string' || missingSourceIds.includes(id))
      errors[`source_ids[${index}]`] = [MAINTENANCE_SOURCE_NOT_FOUND_MESSAGE];
  });
  if (rawServices.length === 0 && rawSources.length === 0) errors.services = [MAINTENANCE_NOTHING_COVERED_MESSAGE];
  const announcement = typeof settings.announcement === 'string' ? settings.announcement.trim() : '';
  if (announcement.length > MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH)
    errors.announcement = [FIELD_MESSAGES.maxLength('announcement', MAINTENANCE_ANNOUNCEMENT_MAX_LENGTH)];
  if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
  return {
    name,
    startsAt: new Date(settings.startsAt as string).toISOString(),
    endsAt: new Date(settings.endsAt as string).toISOString(),
    services,
    sourceIds,
    announcement,
  };
}

const same = (a: MaintenanceSettings, b: MaintenanceSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Scheduled maintenances (issue 21): scheduled, changed while not over, cancelled, ended early. Its state
 * (scheduled, in progress, completed) is the clock's; only a cancellation is recorded as one.
 */
export function decideMaintenance(command: MaintenanceCommand, state: MaintenanceState): MaintenanceEvent[] {
  const { maintenanceId, at, by } = command;
  const now = Date.parse(at);
  if (command.type === 'ScheduleMaintenance') {
    if (state.status !== 'absent') throw new DomainError('The maintenance already exists', 'conflict');
    const settings = validSettings(
      {
        name: command.name,
        startsAt: command.startsAt,
        endsAt: command.endsAt,
        services: command.services ?? [],
        sourceIds: command.sourceIds ?? [],
        announcement: command.announcement ?? '',
      },
      command.missingSourceIds,
      now,
    );
    return [{ type: 'MaintenanceScheduled', data: { maintenanceId, orgId: command.orgId, at, by, ...settings } }];
  }
  // another organization's maintenance does not exist for this caller
  if (state.status === 'absent' || state.orgId !== command.orgId || !state.settings)
    throw new DomainError(MAINTENANCE_NOT_FOUND_MESSAGE, 'not_found');
  if (state.status === 'cancelled') throw new DomainError(MAINTENANCE_CANCELLED_MESSAGE, 'conflict');
  const current = state.settings;
  const status = maintenanceStatusAt({ cancelled: false, ...current }, now);
  if (status === 'completed') throw new DomainError(MAINTENANCE_OVER_MESSAGE, 'conflict');
  switch (command.type) {
    case 'ChangeMaintenance': {
      const next = validSettings(
        {
          name: command.name ?? current.name,
          startsAt: command.startsAt ?? current.startsAt,
          endsAt: command.endsAt ?? current.endsAt,
          services: command.services ?? current.services,
          sourceIds: command.sourceIds ?? current.sourceIds,
          announcement: command.announcement ?? current.announcement,
        },
        command.missingSourceIds,
        now,
      );
      return same(next, current) ? [] : [{ type: 'MaintenanceChanged', data: { maintenanceId, at, by, ...next } }];
    }
    case 'CancelMaintenance':
      return [{ type: 'MaintenanceCancelled', data: { maintenanceId, at, by } }];
    case 'EndMaintenanceEarly':
      if (status === 'scheduled') throw new DomainError(MAINTENANCE_NOT_STARTED_MESSAGE, 'conflict');
      return [{ type: 'MaintenanceEndedEarly', data: { maintenanceId, at, by, plannedEndsAt: current.endsAt } }];
  }
}
