import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  ComputedScheduleWire,
  FinalShiftWire,
  OnCallReasonWire,
  OnCallSchedule,
  OnCallScheduleSummary,
  ScheduleLayerBody,
} from '@tocsin/contracts';
import {
  computeSchedule,
  coverageGaps,
  durationMinutes,
  formatDuration,
  formatShiftLength,
  instantMs,
  scheduleRulesErrors,
  scheduleWindowErrors,
  SWAP_MAX_DAYS,
  nextShifts,
  onCallAt,
  parseShiftLength,
  shiftsOf,
  type FinalShift,
  type OnCallReason,
  type OnCallScheduleCommand,
  type ScheduleInput,
  type ScheduleLayer,
  type ScheduleRestriction,
} from '@tocsin/domain';
import {
  escalationPoliciesView,
  membershipsView,
  onCallRemovalsView,
  onCallSchedulesView,
  scheduleInputOf,
  teamsView,
  usersView,
  type OnCallScheduleDoc,
} from '@tocsin/read-models';
import { onCallScheduleCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId, type DistributiveOmit } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';

const notFound = (message: string) => new NotFoundException({ error: 'not_found', message });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A 400 with the field messages, as the validation pipe answers. */
function refused(fields: Record<string, string[]>): void {
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new BadRequestException({ error: 'invalid', message: `Invalid request: ${first}`, fields });
}

/** A window the client names: both instants, `to` after `from`, at most SCHEDULE_LIMITS.windowDays long. */
export function windowOf(from: string, to: string): { from: string; to: string } {
  refused(scheduleWindowErrors({ from, to }));
  return { from: iso(Date.parse(from)), to: iso(Date.parse(to)) };
}

/**
 * The wire's layers as the domain keeps them (ISO-8601 lengths in minutes or shift units). A layer without an id
 * gets one made from the command, so the same request retried names the same layer. Tolerant of what the DTO let
 * through: the decider names what is still wrong.
 */
export function layersFromBody(layers: ScheduleLayerBody[], seed: string): ScheduleLayer[] {
  return layers.map((layer, i) => ({
    id: layer.id ?? deterministicId(`${seed}/layer/${i}`).slice(0, 12),
    name: layer.name,
    rotation: {
      slots: layer.rotation.slots,
      shift: parseShiftLength(layer.rotation.shift_length) ?? { unit: 'hours', count: 0 },
      handoffTime: layer.rotation.handoff_time,
      startDate: layer.rotation.start_date,
      restrictions: (layer.rotation.restrictions ?? []).map((r): ScheduleRestriction =>
        r.type === 'weekly'
          ? {
              type: 'weekly',
              startDay: r.start_day as 1,
              startTime: r.start_time,
              durationMinutes: durationMinutes(r.duration) ?? 0,
            }
          : { type: 'daily', startTime: r.start_time, durationMinutes: durationMinutes(r.duration) ?? 0 },
      ),
    },
    endsAt: layer.ends_at ?? null,
  }));
}

const reasonWire = (reason: OnCallReason | undefined, layerNames: Map<string, string>): OnCallReasonWire => {
  if (!reason) return { kind: 'layer', layer_id: '' };
  if (reason.kind === 'override') return { kind: 'override', override_id: reason.overrideId };
  if (reason.kind === 'temporary') return { kind: 'temporary', temporary_id: reason.temporaryId };
  const name = layerNames.get(reason.layerId);
  return name === undefined
    ? { kind: 'layer', layer_id: reason.layerId }
    : { kind: 'layer', layer_id: reason.layerId, layer_name: name };
};

/** A team's on-call schedules: the team in the path must be the caller's organization's, or nothing is found. */
@Injectable()
export class OnCallSchedulesService {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): string {
    return iso(this.clock.now());
  }

  /** A definition the decider would refuse is a 400 with its field messages (the preview saves nothing). */
  checkDefinition(timeZone: string, layers: ScheduleLayer[]): void {
    refused(scheduleRulesErrors(timeZone, layers));
  }

  /** A swap is asked for one's own shifts: the requester must be on call somewhere in [start, end). */
  async assertOnCallDuring(
    orgId: string,
    teamId: string,
    scheduleId: string,
    userId: string,
    start: string,
    end: string,
  ) {
    const doc = await this.doc(orgId, teamId, scheduleId);
    const [s, e] = [instantMs(start)!, instantMs(end)!];
    if (!(s < e) || e - s > SWAP_MAX_DAYS * DAY) return; // the decider names what is wrong with the range
    if (shiftsOf(await this.input(doc), userId, { from: iso(s), to: iso(e) }).length === 0) {
      const message = 'You are not on call between start and end on this schedule';
      throw new BadRequestException({ error: 'invalid', message, fields: { start: [message] } });
    }
  }

  async assertTeam(orgId: string, teamId: string): Promise<void> {
    if (!(await teamsView.byId(this.store, orgId, teamId))) throw notFound('Team not found');
  }

  async doc(orgId: string, teamId: string, scheduleId: string): Promise<OnCallScheduleDoc> {
    await this.assertTeam(orgId, teamId);
    const doc = await onCallSchedulesView.find(this.store, orgId, scheduleId);
    if (!doc || doc.teamId !== teamId) throw notFound('On-call schedule not found');
    return doc;
  }

  async find(orgId: string, teamId: string, scheduleId: string): Promise<OnCallSchedule> {
    return this.present(await this.doc(orgId, teamId, scheduleId));
  }

  /** Which of the user ids are members of the organization (the decider refuses the rest as not found). */
  async knownUsers(orgId: string, ids: unknown[]): Promise<string[]> {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))].slice(0, 1000);
    if (wanted.length === 0) return [];
    const members = await membershipsView.find(this.store, { orgId, userId: { $in: wanted } });
    return members.map((m) => m.userId);
  }

  /** The schedule's history and the organization's removals: what the pure function takes. */
  async input(doc: OnCallScheduleDoc): Promise<ScheduleInput> {
    return scheduleInputOf(doc, await onCallRemovalsView.ofOrganization(this.store, doc.orgId));
  }

  /** Names of the organization's members among `ids` (someone removed stays unnamed). */
  async names(orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const members = await membershipsView.find(this.store, { orgId, userId: { $in: unique } });
    const users = await usersView.byIds(
      this.store,
      members.map((m) => m.userId),
    );
    return new Map(users.map((u) => [u._id, String(u.name)]));
  }

  async shiftsWire(orgId: string, shifts: FinalShift[], layerNames: Map<string, string>): Promise<FinalShiftWire[]> {
    const names = await this.names(
      orgId,
      shifts.flatMap((s) => s.userIds),
    );
    return shifts.map((shift) => ({
      start: shift.start,
      end: shift.end,
      users: shift.userIds.map((id) => {
        const name = names.get(id);
        const reason = reasonWire(
          shift.reasons.find((r) => r.userId === id),
          layerNames,
        );
        return name === undefined ? { id, reason } : { id, name, reason };
      }),
      length_change_minutes: shift.lengthChangeMinutes,
    }));
  }

  private layerNames(docs: Array<Pick<OnCallScheduleDoc, 'versions'>>): Map<string, string> {
    return new Map(
      docs.flatMap((d) =>
        d.versions.flatMap((v) => v.definition.layers.map((l) => [l.id, l.name] as [string, string])),
      ),
    );
  }

  async computed(
    orgId: string,
    input: ScheduleInput,
    window: { from: string; to: string },
  ): Promise<ComputedScheduleWire> {
    const { layers, final } = computeSchedule(input, window);
    return {
      ...window,
      layers: layers.map((l) => ({
        layer_id: l.layerId,
        start: l.start,
        end: l.end,
        user_ids: l.userIds,
        shift_number: l.shiftNumber,
        length_change_minutes: l.lengthChangeMinutes,
      })),
      final: await this.shiftsWire(orgId, final, this.layerNames([input])),
    };
  }

  async final(orgId: string, teamId: string, scheduleId: string, window: { from: string; to: string }) {
    const doc = await this.doc(orgId, teamId, scheduleId);
    return this.computed(orgId, await this.input(doc), window);
  }

  /** Stretches with nobody on call over the next 30 days. */
  async gaps(orgId: string, teamId: string, scheduleId: string) {
    const doc = await this.doc(orgId, teamId, scheduleId);
    const now = this.clock.now();
    return coverageGaps(await this.input(doc), { from: iso(now), to: iso(now + 30 * DAY) }).map(({ start, end }) => ({
      start,
      end,
    }));
  }

  /** The organization's schedules (or one team's) with who is on call now and next. */
  async list(orgId: string, teamId?: string): Promise<OnCallScheduleSummary[]> {
    if (teamId !== undefined) await this.assertTeam(orgId, teamId);
    const docs =
      teamId === undefined
        ? await onCallSchedulesView.ofOrganization(this.store, orgId)
        : await onCallSchedulesView.ofTeam(this.store, orgId, teamId);
    const removals = await onCallRemovalsView.ofOrganization(this.store, orgId);
    const now = this.now();
    const layerNames = this.layerNames(docs);
    return Promise.all(
      docs.map(async (doc) => {
        const input = scheduleInputOf(doc, removals);
        const current = onCallAt(input, now);
        const upcoming = nextShifts(input, now, 2, 30).filter((s) => s.start > now);
        const [nowWire, nextWire] = await Promise.all([
          current && current.userIds.length > 0 ? this.shiftsWire(orgId, [current], layerNames) : [],
          upcoming.length > 0 ? this.shiftsWire(orgId, [upcoming[0]], layerNames) : [],
        ]);
        return {
          id: doc._id,
          team_id: doc.teamId,
          name: doc.name,
          time_zone: doc.definition.timeZone,
          now: nowWire[0] ?? null,
          next: nextWire[0] ?? null,
        };
      }),
    );
  }

  /** The user's shifts over the next 90 days on every schedule of the organization. */
  async myShifts(orgId: string, userId: string) {
    const docs = await onCallSchedulesView.ofOrganization(this.store, orgId);
    const removals = await onCallRemovalsView.ofOrganization(this.store, orgId);
    const now = this.clock.now();
    const window = { from: iso(now), to: iso(now + 90 * DAY) };
    const layerNames = this.layerNames(docs);
    return docs
      .flatMap((doc) =>
        shiftsOf(scheduleInputOf(doc, removals), userId, window).map((shift) => ({
          schedule_id: doc._id,
          schedule_name: doc.name,
          team_id: doc.teamId,
          start: shift.start,
          end: shift.end,
          reason: reasonWire(
            shift.reasons.find((r) => r.userId === userId),
            layerNames,
          ),
        })),
      )
      .sort((a, b) => a.start.localeCompare(b.start) || a.schedule_id.localeCompare(b.schedule_id));
  }

  /** The escalation policies whose steps page the schedule: deleting it under them is refused. */
  async usedBy(orgId: string, scheduleId: string): Promise<string[]> {
    const policies = await escalationPoliciesView.ofOrganization(this.store, orgId);
    return policies
      .filter((p) =>
        p.steps.some((s) => s.targets.some((t) => (t.type as string) === 'schedule' && t.id === scheduleId)),
      )
      .map((p) => `escalation policy "${p.name}"`);
  }

  /** A change of an existing schedule of the team: 404 unless it is there, then the schedule as it is after it. */
  async apply(
    command: DistributiveOmit<OnCallScheduleCommand, 'orgId'>,
    context: RequestContext,
  ): Promise<{ data: OnCallSchedule }> {
    await this.doc(context.orgId, command.teamId, command.scheduleId);
    await this.run(command, context);
    return { data: await this.find(context.orgId, command.teamId, command.scheduleId) };
  }

  async run(command: DistributiveOmit<OnCallScheduleCommand, 'orgId'>, context: RequestContext) {
    return this.commands.run(onCallScheduleCommand(command, context), onCallSchedulesView.name);
  }

  present(doc: OnCallScheduleDoc): OnCallSchedule {
    const { definition } = doc;
    return {
      id: doc._id,
      team_id: doc.teamId,
      name: doc.name,
      time_zone: definition.timeZone,
      layers: definition.layers.map((layer) => ({
        id: layer.id,
        name: layer.name,
        rotation: {
          slots: layer.rotation.slots,
          shift_length: formatShiftLength(layer.rotation.shift),
          handoff_time: layer.rotation.handoffTime,
          start_date: layer.rotation.startDate,
          restrictions: layer.rotation.restrictions.map((r) =>
            r.type === 'weekly'
              ? {
                  type: 'weekly',
                  start_day: r.startDay,
                  start_time: r.startTime,
                  duration: formatDuration(r.durationMinutes * 60),
                }
              : { type: 'daily', start_time: r.startTime, duration: formatDuration(r.durationMinutes * 60) },
          ),
        },
        ends_at: layer.endsAt,
      })),
      overrides: definition.overrides.map((o) => ({
        id: o.id,
        kind: o.kind,
        start: o.start,
        end: o.end,
        user_id: o.userId,
        replaces_user_id: o.replacesUserId,
      })),
      temporary_schedules: definition.temporarySchedules.map((t) => ({
        id: t.id,
        start: t.start,
        end: t.end,
        shifts: t.shifts.map((s) => ({ start: s.start, end: s.end, user_ids: s.userIds })),
        allow_gaps: t.allowGaps,
      })),
      swaps: doc.swaps.map((s) => ({
        id: s.swapId,
        requester_id: s.requesterId,
        start: s.start,
        end: s.end,
        note: s.note,
        status: s.status,
        taker_id: s.takerId,
        assigned_by: s.assignedBy,
        override_id: s.overrideId,
      })),
      has_feed: doc.feedTokenHash !== null,
      revision: doc.revision,
      created_at: doc.created_at,
      updated_at: doc.updated_at,
    };
  }
}
