import { DomainError } from '../../shared/event';
import type { AlertCommand, MoveAlert, TriggerAlert } from './commands';
import type { PagingCommand } from '../paging/commands';
import type { AlertEvent } from './events';
import { decidePaging } from '../paging/decide';
import type { AlertState } from './state';

export const ALERT_EARLIER_EPISODE_MESSAGE =
  'This alert was triggered again since this link was sent: open the alert to act on its current episode';

/**
 * The alert's lifecycle (issue 9): triggered -> acknowledged -> resolved, and a trigger after resolution opens
 * a new episode. Repeats are harmless: a duplicate payload is counted, acknowledging twice or resolving twice
 * changes nothing, so a retried command or a tool that sends every minute never pages twice.
 */
export function decideAlert(command: AlertCommand, state: AlertState): AlertEvent[] {
  if (command.type === 'TriggerAlert') return trigger(command, state);
  // another organization's alert does not exist for this caller
  if (state.status === 'absent' || state.orgId !== command.orgId) throw new DomainError('Alert not found', 'not_found');
  if (isMove(command)) return move(command, state);
  return decidePaging(command, state);
}

function isMove(command: MoveAlert | PagingCommand): command is MoveAlert {
  return command.type === 'AcknowledgeAlert' || command.type === 'ResolveAlert';
}

function trigger(command: TriggerAlert, state: AlertState): AlertEvent[] {
  const { alertId, at } = command;
  if (state.status !== 'absent' && state.orgId !== command.orgId) {
    // stream names come from the source id, which belongs to one organization: this is a bug, not input
    throw new DomainError('Alert not found', 'not_found');
  }
  if (state.status === 'triggered' || state.status === 'acknowledged') {
    return [{ type: 'AlertDeduplicated', data: { alertId, episode: state.episode, at, count: state.count + 1 } }];
  }
  const { orgId, sourceId, dedupKey, summary, labels, links, routing, grouping } = command;
  const data = { alertId, orgId, sourceId, dedupKey, episode: state.episode + 1, at, teamId: routing.teamId };
  // a rule may override the priority the tool sent; what pages is the routed one
  const priority = routing.priority;
  // a group pages once, by its first alert's escalation: a member's episode carries none
  const policy = grouping?.role === 'member' ? null : command.policy;
  const content = { routing, policy, summary, priority, labels, links, ...(grouping && { grouping }) };
  const triggered: AlertEvent = { type: 'AlertTriggered', data: { ...data, ...content } };
  if (!command.suppression) return [triggered];
  const { maintenanceId, maintenanceName, until, service } = command.suppression;
  const held = { alertId, episode: data.episode, maintenanceId, maintenanceName, sourceId, until, at };
  return [triggered, { type: 'AlertSuppressed', data: { ...held, ...(service && { service }) } }];
}

function move(command: MoveAlert, state: AlertState): AlertEvent[] {
  const { alertId, at, by } = command;
  if (command.episode !== undefined && command.episode !== state.episode) {
    throw new DomainError(ALERT_EARLIER_EPISODE_MESSAGE, 'conflict');
  }
  const data = { alertId, episode: state.episode, at, by, ...(command.groupId && { groupId: command.groupId }) };
  if (command.type === 'ResolveAlert') {
    return state.status === 'resolved' ? [] : [{ type: 'AlertResolved', data }];
  }
  if (state.status === 'resolved') throw new DomainError('The alert is already resolved', 'conflict');
  return state.status === 'acknowledged' ? [] : [{ type: 'AlertAcknowledged', data }];
}
