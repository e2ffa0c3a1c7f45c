/**
 * On-call schedules (issue 20). Instants are ISO-8601 UTC; `handoff_time` / `start_time` are wall-clock `HH:mm`
 * and `start_date` a `YYYY-MM-DD` date, all in the schedule's `time_zone`. Lengths are ISO-8601 durations:
 * `shift_length` PT12H (hours), P1D (days), P1W (weeks) or P1M (months); a restriction's `duration` PT8H.
 */
/** `daily`: every day from `start_time` for `duration` (PT1M..PT24H); `weekly`: from `start_day` (ISO 1..7) too (..PT168H). */
export interface ScheduleRestrictionBody {
  type: 'daily' | 'weekly';
  start_day?: number;
  start_time: string;
  duration: string;
}

export interface ScheduleRotationBody {
  /** Slots in turn order; each is the group of user ids on call together for one shift (usually one). */
  slots: string[][];
  shift_length: string;
  handoff_time: string;
  start_date: string;
  restrictions?: ScheduleRestrictionBody[];
}

export interface ScheduleLayerBody {
  /** Kept across edits so the calendar and an alert's timeline can name the layer; made when left out. */
  id?: string;
  name: string;
  rotation: ScheduleRotationBody;
  ends_at?: string | null;
}

/** POST /api/v1/teams/{teamId}/on_call_schedules. Layers lowest precedence first. */
export interface OnCallScheduleRequest {
  name: string;
  time_zone: string;
  layers: ScheduleLayerBody[];
}

/** PATCH .../on_call_schedules/{id}: a field left out keeps its value; `layers` replaces them all. */
export type OnCallScheduleChangeRequest = Partial<OnCallScheduleRequest>;

/** POST .../on_call_schedules/preview: the rotation editor's live preview. */
export interface OnCallSchedulePreviewRequest {
  time_zone: string;
  layers: ScheduleLayerBody[];
  from: string;
  to: string;
}

export interface ScheduleOverrideBody {
  kind: 'add' | 'remove' | 'replace';
  start: string;
  end: string;
  user_id?: string | null;
  replaces_user_id?: string | null;
}

export interface TemporaryScheduleBody {
  start: string;
  end: string;
  shifts: Array<{ start: string; end: string; user_ids: string[] }>;
  allow_gaps?: boolean;
}

export interface ShiftSwapRequestBody {
  start: string;
  end: string;
  note?: string;
}

/** POST .../swaps/{swapId}/assign (a manager names who covers it). */
export interface ShiftSwapAssignBody {
  user_id: string;
}

export interface SchedulePerson {
  id: string;
  /** Absent for someone no longer a member. */
  name?: string;
}

export type OnCallReasonWire =
  | { kind: 'layer'; layer_id: string; layer_name?: string }
  | { kind: 'override'; override_id: string }
  | { kind: 'temporary'; temporary_id: string };

/** One stretch of the final line: these people on call from `start` to `end`; no users is a gap. */
export interface FinalShiftWire {
  start: string;
  end: string;
  users: Array<SchedulePerson & { reason: OnCallReasonWire }>;
  /** Where the zone's change made the shift longer (+60) or shorter (-60, -30); 0 otherwise. */
  length_change_minutes: number;
}

export interface LayerShiftWire {
  layer_id: string;
  start: string;
  end: string;
  user_ids: string[];
  shift_number: number;
  length_change_minutes: number;
}

export interface ComputedScheduleWire {
  from: string;
  to: string;
  layers: LayerShiftWire[];
  final: FinalShiftWire[];
}

export interface ScheduleLayerWire {
  id: string;
  name: string;
  rotation: Required<ScheduleRotationBody>;
  ends_at: string | null;
}

export interface ScheduleOverrideWire {
  id: string;
  kind: 'add' | 'remove' | 'replace';
  start: string;
  end: string;
  user_id: string | null;
  replaces_user_id: string | null;
}

export interface TemporaryScheduleWire {
  id: string;
  start: string;
  end: string;
  shifts: Array<{ start: string; end: string; user_ids: string[] }>;
  allow_gaps: boolean;
}

export interface ShiftSwapWire {
  id: string;
  requester_id: string;
  start: string;
  end: string;
  note: string;
  status: 'open' | 'taken' | 'cancelled';
  taker_id: string | null;
  assigned_by: string | null;
  override_id: string | null;
}

/** GET .../on_call_schedules/{id}. */
export interface OnCallSchedule {
  id: string;
  team_id: string;
  name: string;
  time_zone: string;
  layers: ScheduleLayerWire[];
  overrides: ScheduleOverrideWire[];
  temporary_schedules: TemporaryScheduleWire[];
  swaps: ShiftSwapWire[];
  /** Whether the schedule's iCal feed has an address (made with POST .../feed_token, shown once). */
  has_feed: boolean;
  revision: number;
  created_at: string;
  updated_at: string;
}

/** One row of GET /api/v1/signals/on_call_schedules: who is on call now and who is next. */
export interface OnCallScheduleSummary {
  id: string;
  team_id: string;
  name: string;
  time_zone: string;
  /** Null: nobody on call now (a gap). */
  now: FinalShiftWire | null;
  /** The next stretch with someone on call after the current one, within 30 days. */
  next: FinalShiftWire | null;
}

export interface OnCallSchedulesResponse {
  data: OnCallScheduleSummary[];
}

/** GET .../{id}/final?from&to (at most 93 days). */
export interface FinalScheduleResponse {
  data: ComputedScheduleWire;
}

/** GET .../{id}/gaps: the stretches with nobody on call over the next 30 days. */
export interface ScheduleGapsResponse {
  data: Array<{ start: string; end: string }>;
}

/** GET /api/v1/signals/on_call_schedules/my_shifts: the signed-in user's shifts over the next 90 days. */
export interface MyShiftsResponse {
  data: Array<{
    schedule_id: string;
    schedule_name: string;
    team_id: string;
    start: string;
    end: string;
    reason: OnCallReasonWire;
  }>;
}

/** POST .../{id}/feed_token and POST /api/v1/me/calendar_token: the new address, shown once. */
export interface FeedTokenResponse {
  data: { url: string };
}

/** GET /api/v1/analytics/shift_hours?from&to: each person's on-call hours over the window on every schedule. */
export interface ShiftHoursResponse {
  data: {
    from: string;
    to: string;
    /** Outside these hours, Monday to Friday, in each schedule's zone, is "out of hours". */
    working_hours: { start: string; end: string; weekdays: number[] };
    people: Array<{
      user_id: string;
      /** Absent for someone no longer a member. */
      name?: string;
      on_call_hours: number;
      out_of_hours_hours: number;
      /** The same per schedule. */
      schedules: Array<{
        schedule_id: string;
        schedule_name: string;
        on_call_hours: number;
        out_of_hours_hours: number;
      }>;
    }>;
  };
}
