import { DomainError } from '../../shared/event';
import type { OnCallScheduleCommand } from './commands';
import type { OnCallScheduleEvent } from './events';
import { SCHEDULE_LIMITS } from './field-rules';
import type { ScheduleDefinition, ScheduleLayer, ScheduleOverride, TemporarySchedule } from './model';
import { overrideErrors, temporaryScheduleErrors } from './range-validation';
import { apiFieldNamer, scheduleNameErrors, scheduleRulesErrors, swapErrors, usersOfLayers } from './schedule-fields';
import type { OnCallScheduleState } from './state';

function invalid(fields: Record<string, string[]>): void {
  if (Object.keys(fields).length > 0) throw new DomainError(Object.values(fields)[0][0], 'invalid', fields);
}

/** A user the organization lacks is "not found", exactly like another organization's id. */
function known(userIds: readonly string[], knownUsers: readonly string[], field: string): void {
  const set = new Set(knownUsers);
  const missing = [...new Set(userIds)].filter((id) => !set.has(id));
  if (missing.length > 0) {
    const message = `${field}: no such user in this organization (${missing.join(', ')})`;
    throw new DomainError(message, 'not_found', { [field]: [message] });
  }
}

const iso = (value: string) => new Date(Date.parse(value)).toISOString();

/** Only the fields a layer has, names trimmed, instants normalised. */
const cleanLayers = (layers: ScheduleLayer[]): ScheduleLayer[] =>
  layers.map((layer) => ({
    id: layer.id,
    name: layer.name.trim(),
    rotation: {
      slots: layer.rotation.slots.map((slot) => [...slot]),
      shift: { unit: layer.rotation.shift.unit, count: layer.rotation.shift.count },
      handoffTime: layer.rotation.handoffTime,
      startDate: layer.rotation.startDate,
      restrictions: layer.rotation.restrictions.map((r) =>
        r.type === 'daily'
          ? { type: 'daily', startTime: r.startTime, durationMinutes: r.durationMinutes }
          : { type: 'weekly', startDay: r.startDay, startTime: r.startTime, durationMinutes: r.durationMinutes },
      ),
    },
    endsAt: layer.endsAt ? iso(layer.endsAt) : null,
  }));

const cleanOverride = (o: ScheduleOverride): ScheduleOverride => ({
  id: o.id,
  kind: o.kind,
  start: iso(o.start),
  end: iso(o.end),
  userId: o.kind === 'remove' ? null : o.userId,
  replacesUserId: o.kind === 'add' ? null : o.replacesUserId,
});

const cleanTemporary = (t: TemporarySchedule): TemporarySchedule => ({
  id: t.id,
  start: iso(t.start),
  end: iso(t.end),
  shifts: t.shifts
    .map((s) => ({ start: iso(s.start), end: iso(s.end), userIds: [...s.userIds] }))
    .sort((a, b) => a.start.localeCompare(b.start)),
  allowGaps: t.allowGaps === true,
});

const overrideUsers = (o: ScheduleOverride) => [o.userId, o.replacesUserId].filter((id): id is string => !!id);

export function decideOnCallSchedule(
  command: OnCallScheduleCommand,
  state: OnCallScheduleState,
): OnCallScheduleEvent[] {
  const { scheduleId, teamId } = command;
  if (command.type === 'CreateOnCallSchedule') {
    if (state.status !== 'absent') throw new DomainError('The schedule already exists', 'conflict');
    invalid({ ...scheduleNameErrors(command.name), ...scheduleRulesErrors(command.timeZone, command.layers) });
    known(usersOfLayers(command.layers), command.knownUsers, 'layers');
    const definition: ScheduleDefinition = {
      timeZone: command.timeZone,
      layers: cleanLayers(command.layers),
      overrides: [],
      temporarySchedules: [],
    };
    return [
      {
        type: 'OnCallScheduleCreated',
        data: { scheduleId, orgId: command.orgId, teamId, name: command.name.trim(), definition },
      },
    ];
  }
  // another organization's or another team's schedule, like a deleted one, does not exist for this caller
  if (state.status !== 'active' || state.orgId !== command.orgId || state.teamId !== teamId)
    throw new DomainError('On-call schedule not found', 'not_found');
  const current = state.definition;
  const withDefinition = (definition: ScheduleDefinition) => ({ scheduleId, teamId, definition });
  switch (command.type) {
    case 'ChangeOnCallSchedule': {
      const name = command.name === undefined ? state.name : command.name;
      const timeZone = command.timeZone === undefined ? current.timeZone : command.timeZone;
      const layers = command.layers === undefined ? current.layers : command.layers;
      invalid({ ...scheduleNameErrors(name), ...scheduleRulesErrors(timeZone, layers) });
      if (command.layers !== undefined) known(usersOfLayers(command.layers), command.knownUsers, 'layers');
      const definition = { ...current, timeZone, layers: cleanLayers(layers) };
      if (name.trim() === state.name && JSON.stringify(definition) === JSON.stringify(current)) return [];
      return [{ type: 'OnCallScheduleChanged', data: { ...withDefinition(definition), name: name.trim() } }];
    }
    case 'DeleteOnCallSchedule':
      if (command.usedBy.length > 0)
        throw new DomainError(
          `The schedule is paged by ${command.usedBy.join(', ')}: change their steps first`,
          'conflict',
        );
      return [{ type: 'OnCallScheduleDeleted', data: { scheduleId, teamId } }];
    case 'AddScheduleOverride': {
      invalid(overrideErrors(command.override, 'override', apiFieldNamer('override')));
      if (current.overrides.length >= SCHEDULE_LIMITS.overrides)
        invalid({
          override: [`A schedule keeps at most ${SCHEDULE_LIMITS.overrides} overrides: remove old ones first`],
        });
      if (current.overrides.some((o) => o.id === command.override.id)) return [];
      const override = cleanOverride(command.override);
      known(overrideUsers(override), command.knownUsers, 'user_id');
      const definition = { ...current, overrides: [...current.overrides, override] };
      return [{ type: 'ScheduleOverrideAdded', data: { ...withDefinition(definition), override } }];
    }
    case 'RemoveScheduleOverride': {
      if (!current.overrides.some((o) => o.id === command.overrideId))
        throw new DomainError('Override not found', 'not_found');
      const definition = { ...current, overrides: current.overrides.filter((o) => o.id !== command.overrideId) };
      return [
        { type: 'ScheduleOverrideRemoved', data: { ...withDefinition(definition), overrideId: command.overrideId } },
      ];
    }
    case 'AddTemporarySchedule': {
      invalid(
        temporaryScheduleErrors(
          command.temporary,
          current.timeZone,
          'temporarySchedule',
          apiFieldNamer('temporarySchedule'),
        ),
      );
      if (current.temporarySchedules.length >= SCHEDULE_LIMITS.temporarySchedules)
        invalid({
          start: [
            `A schedule keeps at most ${SCHEDULE_LIMITS.temporarySchedules} temporary schedules: remove old ones first`,
          ],
        });
      const temporary = cleanTemporary(command.temporary);
      known(
        temporary.shifts.flatMap((s) => s.userIds),
        command.knownUsers,
        'shifts',
      );
      const overlapping = current.temporarySchedules.find((t) => t.start < temporary.end && temporary.start < t.end);
      if (overlapping)
        throw new DomainError('The window overlaps another temporary schedule: remove it first', 'conflict', {
          start: ['start overlaps another temporary schedule'],
        });
      const definition = { ...current, temporarySchedules: [...current.temporarySchedules, temporary] };
      return [{ type: 'TemporaryScheduleAdded', data: { ...withDefinition(definition), temporary } }];
    }
    case 'RemoveTemporarySchedule': {
      if (!current.temporarySchedules.some((t) => t.id === command.temporaryId))
        throw new DomainError('Temporary schedule not found', 'not_found');
      const definition = {
        ...current,
        temporarySchedules: current.temporarySchedules.filter((t) => t.id !== command.temporaryId),
      };
      return [
        { type: 'TemporaryScheduleRemoved', data: { ...withDefinition(definition), temporaryId: command.temporaryId } },
      ];
    }
    case 'RequestShiftSwap': {
      invalid(swapErrors(command.start, command.end, command.note));
      if (state.swaps[command.swapId]) return [];
      const { swapId, requesterId } = command;
      return [
        {
          type: 'ShiftSwapRequested',
          data: {
            scheduleId,
            teamId,
            swapId,
            requesterId,
            start: iso(command.start),
            end: iso(command.end),
            note: command.note.trim(),
          },
        },
      ];
    }
    case 'TakeShiftSwap': {
      const swap = state.swaps[command.swapId];
      if (!swap) throw new DomainError('Swap request not found', 'not_found');
      if (swap.status === 'taken' && swap.takerId === command.takerId) return [];
      if (swap.status !== 'open') throw new DomainError(`The swap request is already ${swap.status}`, 'conflict');
      if (command.takerId === swap.requesterId)
        invalid({ user_id: ['The person who asked for cover cannot take their own request'] });
      known([command.takerId], command.knownUsers, 'user_id');
      const override: ScheduleOverride = {
        id: command.overrideId,
        kind: 'replace',
        start: swap.start,
        end: swap.end,
        userId: command.takerId,
        replacesUserId: swap.requesterId,
      };
      const definition = { ...current, overrides: [...current.overrides, override] };
      return [
        {
          type: 'ShiftSwapTaken',
          data: {
            ...withDefinition(definition),
            swapId: swap.swapId,
            takerId: command.takerId,
            assignedBy: command.assignedBy,
            override,
          },
        },
      ];
    }
    case 'CancelShiftSwap': {
      const swap = state.swaps[command.swapId];
      if (!swap) throw new DomainError('Swap request not found', 'not_found');
      if (swap.requesterId !== command.callerId && !command.byManager)
        throw new DomainError('Only the person who asked, or a manager, can withdraw a swap request', 'forbidden');
      if (swap.status === 'cancelled') return [];
      if (swap.status !== 'open') throw new DomainError(`The swap request is already ${swap.status}`, 'conflict');
      return [{ type: 'ShiftSwapCancelled', data: { scheduleId, teamId, swapId: swap.swapId } }];
    }
    case 'RotateScheduleFeedToken':
      return [{ type: 'ScheduleFeedTokenRotated', data: { scheduleId, teamId, tokenHash: command.tokenHash } }];
  }
}
