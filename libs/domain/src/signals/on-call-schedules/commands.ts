import type { ScheduleLayer, ScheduleOverride, TemporarySchedule } from './model';

/**
 * `orgId` is the caller's organization (from the session), `teamId` the team in the path. `knownUsers`: the
 * user ids the command names that are members of the organization (the handler reads them); one it lacks is
 * "not found", like another organization's. Fields arrive as the client sent them: the decider checks them all.
 */
interface OnSchedule {
  scheduleId: string;
  orgId: string;
  teamId: string;
}

export type CreateOnCallSchedule = OnSchedule & {
  type: 'CreateOnCallSchedule';
  name: string;
  timeZone: string;
  layers: ScheduleLayer[];
  knownUsers: string[];
};
/** Left out keeps its value; `layers` replaces them all (the rotation editor saves the whole list). */
export type ChangeOnCallSchedule = OnSchedule & {
  type: 'ChangeOnCallSchedule';
  name?: string;
  timeZone?: string;
  layers?: ScheduleLayer[];
  knownUsers: string[];
};
/** `usedBy`: the escalation policies whose steps page this schedule (read by the handler): refused while any. */
export type DeleteOnCallSchedule = OnSchedule & { type: 'DeleteOnCallSchedule'; usedBy: string[] };
export type AddScheduleOverride = OnSchedule & {
  type: 'AddScheduleOverride';
  override: ScheduleOverride;
  knownUsers: string[];
};
export type RemoveScheduleOverride = OnSchedule & { type: 'RemoveScheduleOverride'; overrideId: string };
export type AddTemporarySchedule = OnSchedule & {
  type: 'AddTemporarySchedule';
  temporary: TemporarySchedule;
  knownUsers: string[];
};
export type RemoveTemporarySchedule = OnSchedule & { type: 'RemoveTemporarySchedule'; temporaryId: string };
/** `requesterId` is the caller (a member asks for their own shift to be covered). */
export type RequestShiftSwap = OnSchedule & {
  type: 'RequestShiftSwap';
  swapId: string;
  requesterId: string;
  start: string;
  end: string;
  note: string;
};
/**
 * `takerId` covers the swap: the caller taking it, or the member a manager assigns (`assignedBy`, the manager).
 * `overrideId` names the replace override it becomes.
 */
export type TakeShiftSwap = OnSchedule & {
  type: 'TakeShiftSwap';
  swapId: string;
  takerId: string;
  assignedBy: string | null;
  overrideId: string;
  knownUsers: string[];
};
/** The requester (or a manager, `byManager`) withdraws an open request. */
export type CancelShiftSwap = OnSchedule & {
  type: 'CancelShiftSwap';
  swapId: string;
  callerId: string;
  byManager: boolean;
};
export type RotateScheduleFeedToken = OnSchedule & { type: 'RotateScheduleFeedToken'; tokenHash: string };

export type OnCallScheduleCommand =
  | CreateOnCallSchedule
  | ChangeOnCallSchedule
  | DeleteOnCallSchedule
  | AddScheduleOverride
  | RemoveScheduleOverride
  | AddTemporarySchedule
  | RemoveTemporarySchedule
  | RequestShiftSwap
  | TakeShiftSwap
  | CancelShiftSwap
  | RotateScheduleFeedToken;
