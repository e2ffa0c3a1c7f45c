import type { IncidentSettings } from '../settings/model';
import type { FollowUpStatus, IncidentAlertLink, IncidentFields, IncidentPageRequest } from './events';

/**
 * Every incident command names the caller's organization (the session's), who acts and when (the injected
 * clock), and carries what the handler looked up for the decider to judge: the organization's incident settings
 * (`incidentSettingsView.of`), whether a named member or team exists.
 */
interface Base {
  incidentId: string;
  orgId: string;
  by: string | null;
  at: string;
}

export type DeclareIncident = Base & {
  type: 'DeclareIncident';
  number: number;
  fields: Partial<IncidentFields>;
  startedAt?: string;
  detectedAt?: string;
  alert: IncidentAlertLink | null;
  settings: IncidentSettings;
  teamFound: boolean;
  page?: IncidentPageRequest | null;
};

/**
 * A save of some fields. `versions` holds, per field, the version the editor's value was based on: a field
 * another save changed since is refused with its current value (IncidentFieldConflict), none is overwritten
 * silently. A field sent without a version is taken as it is (a script that means to set it).
 */
export type ChangeIncidentFields = Base & {
  type: 'ChangeIncidentFields';
  changes: Partial<IncidentFields>;
  versions: Partial<Record<keyof IncidentFields, number>>;
  settings: IncidentSettings;
  teamFound: boolean;
};

/** `time` null clears it (never Started: every duration counts from it). */
export type SetIncidentMilestone = Base & {
  type: 'SetIncidentMilestone';
  milestone: string;
  time: string | null;
  settings: IncidentSettings;
};

/** `userId` null unassigns the role. */
export type AssignIncidentRole = Base & {
  type: 'AssignIncidentRole';
  roleId: string;
  userId: string | null;
  userFound: boolean;
  settings: IncidentSettings;
};

export type AddIncidentTask = Base & {
  type: 'AddIncidentTask';
  title: string;
  assigneeId: string | null;
  dueAt: string | null;
  assigneeFound: boolean;
};
export type ChangeIncidentTask = Base & {
  type: 'ChangeIncidentTask';
  taskId: string;
  title?: string;
  assigneeId?: string | null;
  dueAt?: string | null;
  done?: boolean;
  assigneeFound: boolean;
};
export type RemoveIncidentTask = Base & { type: 'RemoveIncidentTask'; taskId: string };
export type ApplyIncidentTaskList = Base & {
  type: 'ApplyIncidentTaskList';
  taskListId: string;
  settings: IncidentSettings;
};
export type AddIncidentFollowUp = Base & {
  type: 'AddIncidentFollowUp';
  title: string;
  ownerId: string | null;
  dueAt: string | null;
  ownerFound: boolean;
};
export type ChangeIncidentFollowUp = Base & {
  type: 'ChangeIncidentFollowUp';
  followUpId: string;
  title?: string;
  ownerId?: string | null;
  dueAt?: string | null;
  status?: FollowUpStatus;
  ownerFound: boolean;
};
export type AddIncidentNote = Base & { type: 'AddIncidentNote'; body: string };
export type PostIncidentStatusUpdate = Base & {
  type: 'PostIncidentStatusUpdate';
  templateId: string | null;
  body: string;
  settings: IncidentSettings;
};
export type AddIncidentLink = Base & { type: 'AddIncidentLink'; url: string; title: string };
export type RemoveIncidentLink = Base & { type: 'RemoveIncidentLink'; linkId: string };
/** `entryFound`: the position is one of this incident's own events (the handler looked in its stream). */
export type StarIncidentEntry = Base & {
  type: 'StarIncidentEntry';
  position: number;
  starred: boolean;
  entryFound: boolean;
};
export type RecordIncidentTeamPaged = Base & {
  type: 'RecordIncidentTeamPaged';
  teamId: string;
  escalationPolicyId: string;
  alertId: string;
};

export type RecordIncidentTeamPageFailed = Base & {
  type: 'RecordIncidentTeamPageFailed';
  teamId: string;
  escalationPolicyId: string;
  reason: string;
};

export type IncidentCommand =
  | DeclareIncident
  | ChangeIncidentFields
  | SetIncidentMilestone
  | AssignIncidentRole
  | AddIncidentTask
  | ChangeIncidentTask
  | RemoveIncidentTask
  | ApplyIncidentTaskList
  | AddIncidentFollowUp
  | ChangeIncidentFollowUp
  | AddIncidentNote
  | PostIncidentStatusUpdate
  | AddIncidentLink
  | RemoveIncidentLink
  | StarIncidentEntry
  | RecordIncidentTeamPaged
  | RecordIncidentTeamPageFailed;
