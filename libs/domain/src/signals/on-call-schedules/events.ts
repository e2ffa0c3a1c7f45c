import type { ScheduleDefinition, ScheduleOverride, TemporarySchedule } from './model';

/** A swap: a member asks for [start, end) to be covered; someone takes it (or is assigned it): an override. */
export interface ShiftSwap {
  swapId: string;
  requesterId: string;
  start: string;
  end: string;
  note: string;
  status: 'open' | 'taken' | 'cancelled';
  /** Who covers it, once taken; `assignedBy` when a manager named them. */
  takerId: string | null;
  assignedBy: string | null;
  overrideId: string | null;
}

/** Every event that changes the rules carries the whole definition after it: history is a fold of the log. */
interface WithDefinition {
  scheduleId: string;
  teamId: string;
  definition: ScheduleDefinition;
}

export type OnCallScheduleCreated = {
  type: 'OnCallScheduleCreated';
  data: WithDefinition & { orgId: string; name: string };
};
/** A rename or a new set of layers / a new zone (the rotation editor's save): the whole definition. */
export type OnCallScheduleChanged = { type: 'OnCallScheduleChanged'; data: WithDefinition & { name: string } };
export type OnCallScheduleDeleted = { type: 'OnCallScheduleDeleted'; data: { scheduleId: string; teamId: string } };
export type ScheduleOverrideAdded = {
  type: 'ScheduleOverrideAdded';
  data: WithDefinition & { override: ScheduleOverride };
};
export type ScheduleOverrideRemoved = {
  type: 'ScheduleOverrideRemoved';
  data: WithDefinition & { overrideId: string };
};
export type TemporaryScheduleAdded = {
  type: 'TemporaryScheduleAdded';
  data: WithDefinition & { temporary: TemporarySchedule };
};
export type TemporaryScheduleRemoved = {
  type: 'TemporaryScheduleRemoved';
  data: WithDefinition & { temporaryId: string };
};
export type ShiftSwapRequested = {
  type: 'ShiftSwapRequested';
  data: {
    scheduleId: string;
    teamId: string;
    swapId: string;
    requesterId: string;
    start: string;
    end: string;
    note: string;
  };
};
/** The answer: the swap's override is in the definition it carries. */
export type ShiftSwapTaken = {
  type: 'ShiftSwapTaken';
  data: WithDefinition & { swapId: string; takerId: string; assignedBy: string | null; override: ScheduleOverride };
};
export type ShiftSwapCancelled = {
  type: 'ShiftSwapCancelled';
  data: { scheduleId: string; teamId: string; swapId: string };
};
/** The schedule's iCal feed secret changed: only its SHA-256 is in the log, the old address stops working. */
export type ScheduleFeedTokenRotated = {
  type: 'ScheduleFeedTokenRotated';
  data: { scheduleId: string; teamId: string; tokenHash: string };
};

export type OnCallScheduleEvent =
  | OnCallScheduleCreated
  | OnCallScheduleChanged
  | OnCallScheduleDeleted
  | ScheduleOverrideAdded
  | ScheduleOverrideRemoved
  | TemporaryScheduleAdded
  | TemporaryScheduleRemoved
  | ShiftSwapRequested
  | ShiftSwapTaken
  | ShiftSwapCancelled
  | ScheduleFeedTokenRotated;

export const ON_CALL_SCHEDULE_EVENT_TYPES: ReadonlyArray<OnCallScheduleEvent['type']> = [
  'OnCallScheduleCreated',
  'OnCallScheduleChanged',
  'OnCallScheduleDeleted',
  'ScheduleOverrideAdded',
  'ScheduleOverrideRemoved',
  'TemporaryScheduleAdded',
  'TemporaryScheduleRemoved',
  'ShiftSwapRequested',
  'ShiftSwapTaken',
  'ShiftSwapCancelled',
  'ScheduleFeedTokenRotated',
];

/** One stream per schedule. */
export const onCallScheduleStream = (scheduleId: string) => `on-call-schedule-${scheduleId}`;
