import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ShiftHoursResponse } from '@tocsin/contracts';
import { shiftHours, WORKING_HOURS } from '@tocsin/domain';
import { onCallRemovalsView, onCallSchedulesView, scheduleInputOf } from '@tocsin/read-models';
import { RequirePermission } from '../../access/access.decorators';
import { READ_STORE, type ReadStore } from '../../runtime/ports';
import { Ctx, type RequestContext } from '../../shared/request-context';
import { FinalWindowQueryDto } from './on-call-schedules.dto';
import { OnCallSchedulesService, windowOf } from './on-call-schedules.service';

const HOUR_MS = 3_600_000;
const hours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * On-call hours per person (`/analytics/shift_hours`, read_analytics): each schedule's final line over the
 * window (overrides included, the past as it was then) from the one computation, and the part of it outside
 * working hours (09:00-17:00 Monday to Friday in the schedule's zone).
 */
@ApiTags('analytics')
@Controller('api/v1/analytics/shift_hours')
export class ShiftHoursController {
  constructor(
    private readonly schedules: OnCallSchedulesService,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get()
  @RequirePermission('read_analytics')
  async get(@Query() query: FinalWindowQueryDto, @Ctx() context: RequestContext): Promise<ShiftHoursResponse> {
    const window = windowOf(query.from, query.to);
    const docs = await onCallSchedulesView.ofOrganization(this.store, context.orgId);
    const removals = await onCallRemovalsView.ofOrganization(this.store, context.orgId);
    const people = new Map<
      string,
      ShiftHoursResponse['data']['people'][number] & { onCallMs: number; outMs: number }
    >();
    for (const doc of docs) {
      for (const person of shiftHours(scheduleInputOf(doc, removals), window)) {
        const row = people.get(person.userId) ?? {
          user_id: person.userId,
          on_call_hours: 0,
          out_of_hours_hours: 0,
          schedules: [],
          onCallMs: 0,
          outMs: 0,
        };
        row.onCallMs += person.onCallMs;
        row.outMs += person.outOfHoursMs;
        row.schedules.push({
          schedule_id: doc._id,
          schedule_name: doc.name,
          on_call_hours: hours(person.onCallMs),
          out_of_hours_hours: hours(person.outOfHoursMs),
        });
        people.set(person.userId, row);
      }
    }
    const names = await this.schedules.names(context.orgId, [...people.keys()]);
    return {
      data: {
        ...window,
        working_hours: {
          start: clock(WORKING_HOURS.startHour),
          end: clock(WORKING_HOURS.endHour),
          weekdays: [...WORKING_HOURS.weekdays],
        },
        people: [...people.values()]
          .sort((a, b) => b.onCallMs - a.onCallMs || a.user_id.localeCompare(b.user_id))
          .map(({ onCallMs, outMs, ...row }) => {
            const name = names.get(row.user_id);
            return {
              ...row,
              ...(name === undefined ? {} : { name }),
              on_call_hours: hours(onCallMs),
              out_of_hours_hours: hours(outMs),
            };
          }),
      },
    };
  }
}
