/**
 * 'Match & update all' (SPEC.md section 4) runs as a background job: the POST answers 202 with the
 * job, the GET reads its state, and the socket events of socket-events.ts push progress and the end.
 */

/** `user`: the caller's own preferences; `organization`: every member and owner of the organization. */
export type MatchAndUpdateScope = 'user' | 'organization';

export type MatchAndUpdateStatus = 'queued' | 'running' | 'completed' | 'failed';

/** Operations (personal run) or users (organization-wide run) done so far; total is 0 until planned. */
export interface MatchAndUpdateProgress {
  done: number;
  total: number;
}

/** An operation that was refused or timed out (30 s); the others still ran. */
export interface MatchAndUpdateFailure {
  /** Set for a create: the policy item the new setting was for. */
  notification_policy_item_id?: string;
  /** Set for an update: the setting that was to change. */
  setting_id?: string;
  reason: string;
}

/** A policy item no setting can meet: 'No suitable destinations available for {type}'. */
export interface MatchAndUpdateUnsatisfiable {
  notification_policy_item_id: string;
  reason: string;
}

/** The report of a personal run. */
export interface MatchAndUpdateResult {
  updated: number;
  created: number;
  failed: MatchAndUpdateFailure[];
  unsatisfiable: MatchAndUpdateUnsatisfiable[];
}

/** A member or owner still not compliant after an organization-wide run, and why. */
export interface NonCompliantUser {
  user_id: string;
  name: string;
  email: string;
  reasons: string[];
}

/** The report of an organization-wide run (members and owners; viewers and collaborators hold no preferences). */
export interface OrganizationMatchAndUpdateResult {
  users_total: number;
  users_compliant_before: number;
  users_brought_into_compliance: number;
  users_not_compliant: NonCompliantUser[];
  updated: number;
  created: number;
}

/** GET .../match_and_update/{id}: `result` once completed, `error` (a sentence to show) once failed. */
export interface MatchAndUpdateJob<Result = MatchAndUpdateResult> {
  id: string;
  status: MatchAndUpdateStatus;
  progress: MatchAndUpdateProgress;
  result?: Result;
  error?: string;
}

/** POST .../match_and_update answers 202 with the queued job. */
export interface MatchAndUpdateQueuedResponse {
  data: { id: string; status: 'queued' };
}

/** GET /api/v1/signals_notification_settings/match_and_update/{id} (only the user who started it). */
export interface MatchAndUpdateJobResponse {
  data: MatchAndUpdateJob<MatchAndUpdateResult>;
}

/** GET /api/v1/signals/notification_policy/match_and_update/{id} (manage_organization_notification_policies). */
export interface OrganizationMatchAndUpdateJobResponse {
  data: MatchAndUpdateJob<OrganizationMatchAndUpdateResult>;
}
