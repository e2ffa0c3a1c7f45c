import type { AlertActor } from '../alerts/actor';
import { DomainError } from '../../shared/event';
import { parseDuration } from '../../shared/duration';

/**
 * The groups of one group key (a team's rule and the values of its fields), on one stream: every alert with
 * that key is decided on it one after the other, so of a burst of alerts arriving together exactly one opens
 * the group (and pages) and the others join it. A group is open until it is resolved or its window passes
 * with no new alert; the next alert then opens a new group on the same stream.
 */
export type AlertGroupOpened = {
  type: 'AlertGroupOpened';
  data: {
    orgId: string;
    teamId: string;
    ruleId: string;
    groupId: string;
    /** The values the key was made of, by field (`labels.service` -> `db`). */
    key: Record<string, string>;
    /** The first alert: the one that pages for the group, and its stream. */
    alertId: string;
    alertStream: string;
    /** The episode of the first alert that pages for the group. */
    alertEpisode: number;
    summary: string;
    at: string;
    /** When the group closes unless another alert joins before. */
    closesAt: string;
  };
};
export type AlertJoinedGroup = {
  type: 'AlertJoinedGroup';
  data: { orgId: string; groupId: string; alertId: string; alertStream: string; at: string; closesAt: string };
};
/** `memberIds`: the group's alerts at that moment, each moved through its own stream after this event. */
export type AlertGroupAcknowledged = {
  type: 'AlertGroupAcknowledged';
  data: { orgId: string; groupId: string; at: string; by: AlertActor; memberIds: string[] };
};
export type AlertGroupResolved = {
  type: 'AlertGroupResolved';
  data: { orgId: string; groupId: string; at: string; by: AlertActor; memberIds: string[] };
};
export type AlertGroupEvent = AlertGroupOpened | AlertJoinedGroup | AlertGroupAcknowledged | AlertGroupResolved;

/**
 * An alert of the rule's team opening a new episode: it joins the key's open group, or opens one. `groupId` is
 * the id a new group takes (the caller derives it from the payload). `closedLeader`: a group's first alert the
 * caller found resolved on its own (it read that alert's stream): such a group pages no one any more, so the
 * alert opens a new one rather than join it.
 */
export interface GroupAlert {
  type: 'GroupAlert';
  orgId: string;
  teamId: string;
  ruleId: string;
  window: string;
  key: Record<string, string>;
  groupId: string;
  alertId: string;
  alertStream: string;
  /** The episode the alert's trigger opens (its stream's current one plus one). */
  alertEpisode: number;
  summary: string;
  at: string;
  closedLeader?: string;
}

export interface MoveAlertGroup {
  type: 'AcknowledgeAlertGroup' | 'ResolveAlertGroup';
  orgId: string;
  groupId: string;
  at: string;
  by: AlertActor;
}

export type AlertGroupCommand = GroupAlert | MoveAlertGroup;

export interface GroupState {
  groupId: string;
  status: 'open' | 'acknowledged' | 'resolved';
  leaderId: string;
  leaderStream: string;
  leaderEpisode: number;
  memberIds: string[];
  /** Each member's alert stream, in the order of `memberIds`: moving the group moves each on its own stream. */
  memberStreams: string[];
  closesAt: string;
  acknowledgedBy: AlertActor | null;
}

export interface AlertGroupsState {
  orgId: string | null;
  /** The latest group of the key (open or not). */
  current: GroupState | null;
  /** Earlier groups' ids with their alerts, which acknowledging or resolving them still moves. */
  earlier: Record<string, Pick<GroupState, 'status' | 'memberIds' | 'memberStreams'>>;
}

export const initialAlertGroups = (): AlertGroupsState => ({ orgId: null, current: null, earlier: {} });

export function evolveAlertGroups(state: AlertGroupsState, event: AlertGroupEvent): AlertGroupsState {
  const { current } = state;
  switch (event.type) {
    case 'AlertGroupOpened': {
      const { orgId, groupId, alertId, alertStream, alertEpisode, closesAt } = event.data;
      const earlier = current
        ? {
            ...state.earlier,
            [current.groupId]: {
              status: current.status,
              memberIds: current.memberIds,
              memberStreams: current.memberStreams,
            },
          }
        : state.earlier;
      const group: GroupState = {
        groupId,
        status: 'open',
        leaderId: alertId,
        leaderStream: alertStream,
        leaderEpisode: alertEpisode,
        memberIds: [alertId],
        memberStreams: [alertStream],
        closesAt,
        acknowledgedBy: null,
      };
      return { orgId, current: group, earlier };
    }
    case 'AlertJoinedGroup': {
      if (!current) return state;
      const { alertId, alertStream, closesAt } = event.data;
      const memberIds = [...current.memberIds, alertId];
      const memberStreams = [...current.memberStreams, alertStream];
      return { ...state, current: { ...current, memberIds, memberStreams, closesAt } };
    }
    case 'AlertGroupAcknowledged':
    case 'AlertGroupResolved': {
      const status = event.type === 'AlertGroupResolved' ? 'resolved' : 'acknowledged';
      const { groupId, by } = event.data;
      if (current?.groupId === groupId)
        return { ...state, current: { ...current, status, acknowledgedBy: current.acknowledgedBy ?? by } };
      const before = state.earlier[groupId];
      return before ? { ...state, earlier: { ...state.earlier, [groupId]: { ...before, status } } } : state;
    }
  }
}

/** Whether the key's latest group takes an alert arriving at `at`. */
const takes = (group: GroupState | null, at: string): group is GroupState =>
  group !== null && group.status !== 'resolved' && Date.parse(at) <= Date.parse(group.closesAt);

export function decideAlertGroups(command: AlertGroupCommand, state: AlertGroupsState): AlertGroupEvent[] {
  // the key names a team of one organization: another's stream does not exist for this caller
  if (state.orgId !== null && state.orgId !== command.orgId)
    throw new DomainError('Alert group not found', 'not_found');
  if (command.type === 'GroupAlert') return group(command, state);
  const { current } = state;
  const found = current?.groupId === command.groupId ? current : state.earlier[command.groupId];
  if (!found) throw new DomainError('Alert group not found', 'not_found');
  const { orgId, groupId, at, by } = command;
  const data = { orgId, groupId, at, by, memberIds: found.memberIds };
  if (command.type === 'ResolveAlertGroup')
    return found.status === 'resolved' ? [] : [{ type: 'AlertGroupResolved', data }];
  if (found.status === 'resolved') throw new DomainError('The alert group is already resolved', 'conflict');
  return found.status === 'acknowledged' ? [] : [{ type: 'AlertGroupAcknowledged', data }];
}

function group(command: GroupAlert, state: AlertGroupsState): AlertGroupEvent[] {
  const { orgId, alertId, at } = command;
  const closesAt = new Date(Date.parse(at) + (parseDuration(command.window) ?? 60) * 1000).toISOString();
  const { current } = state;
  // already decided (the same alert's payloads raced here): its place stands
  if (current?.memberIds.includes(alertId) && takes(current, at)) return [];
  if (takes(current, at) && current.leaderId !== command.closedLeader)
    return [
      {
        type: 'AlertJoinedGroup',
        data: { orgId, groupId: current.groupId, alertId, alertStream: command.alertStream, at, closesAt },
      },
    ];
  const { teamId, ruleId, groupId, key, summary, alertStream, alertEpisode } = command;
  const data = { orgId, teamId, ruleId, groupId, key, alertId, alertStream, alertEpisode, summary, at, closesAt };
  return [{ type: 'AlertGroupOpened', data }];
}

/** A group of the key, current or earlier, with its members' streams; null when the key never had it. */
export function groupOf(
  state: AlertGroupsState,
  groupId: string,
): Pick<GroupState, 'status' | 'memberIds' | 'memberStreams'> | null {
  return state.current?.groupId === groupId ? state.current : (state.earlier[groupId] ?? null);
}

/** The role an alert has in the key's latest group, once decided: what its trigger records. */
export function groupingOf(state: AlertGroupsState, alertId: string): AlertGrouping | null {
  const { current } = state;
  if (!current || !current.memberIds.includes(alertId)) return null;
  return { groupId: current.groupId, role: current.leaderId === alertId ? 'first' : 'member' };
}

/**
 * What an alert's trigger records of its group: `first` pages for the group; a `member` is not paged (its
 * episode carries no escalation policy) and is acknowledged or resolved with the group.
 */
export interface AlertGrouping {
  groupId: string;
  role: 'first' | 'member';
  ruleId?: string;
}

/** One stream per group key: named from a hash of the team, the rule and the key's values (caller hashes). */
export const alertGroupsStream = (keyHash: string) => `alert-groups-${keyHash}`;
