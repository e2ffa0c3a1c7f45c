import { DomainError } from '../../shared/event';
import type { EscalationPolicyCommand } from './commands';
import { targetKey } from './commands';
import type { EscalationPolicyEvent, EscalationPolicyFields } from './events';
import type { EscalationPolicyState } from './state';
import { escalationPolicyErrors } from './validation';

function invalid(fields: Record<string, string[]>): never {
  throw new DomainError(Object.values(fields)[0][0], 'invalid', fields);
}

/**
 * Checked and normalised: the name trimmed, only the fields a policy has, targets as given (each once, validated).
 * `keptReminder`: a change left the reminder out, so it keeps the one recorded, even below today's minimum (the
 * minimum was 1 minute before it was 5): a rename must not be refused for a value nobody sent.
 */
function validFields(
  fields: EscalationPolicyFields,
  knownTargets: readonly string[],
  keptReminder = false,
): EscalationPolicyFields {
  const errors = escalationPolicyErrors(fields);
  if (keptReminder) delete errors.ack_reminder;
  if (Object.keys(errors).length > 0) invalid(errors);
  // a user or team this organization does not have is "not found", exactly like another organization's id
  const known = new Set(knownTargets);
  const missing: Record<string, string[]> = {};
  fields.steps.forEach((step, i) =>
    step.targets.forEach((target, j) => {
      if (!known.has(targetKey(target))) {
        missing[`steps[${i}].targets[${j}].id`] = [
          `steps[${i}].targets[${j}]: no such ${target.type} in this organization`,
        ];
      }
    }),
  );
  if (Object.keys(missing).length > 0) throw new DomainError(Object.values(missing)[0][0], 'not_found', missing);
  return {
    name: fields.name.trim(),
    steps: fields.steps.map((step) => ({
      timeoutMinutes: step.timeoutMinutes,
      targets: step.targets.map(({ type, id }) => ({ type, id })),
    })),
    repeat: fields.repeat,
    ackReminderMinutes: fields.ackReminderMinutes,
  };
}

const same = (a: EscalationPolicyFields, b: EscalationPolicyFields) => JSON.stringify(a) === JSON.stringify(b);

export function decideEscalationPolicy(
  command: EscalationPolicyCommand,
  state: EscalationPolicyState,
): EscalationPolicyEvent[] {
  const { policyId, teamId } = command;
  if (command.type === 'CreateEscalationPolicy') {
    if (state.status !== 'absent') throw new DomainError('The escalation policy already exists', 'conflict');
    const fields = validFields(command, command.knownTargets);
    return [{ type: 'EscalationPolicyCreated', data: { policyId, orgId: command.orgId, teamId, ...fields } }];
  }
  // another organization's or another team's policy, like a deleted one, does not exist for this caller
  if (state.status !== 'active' || state.orgId !== command.orgId || state.teamId !== teamId) {
    throw new DomainError('Escalation policy not found', 'not_found');
  }
  switch (command.type) {
    case 'ChangeEscalationPolicy': {
      const fields = validFields(
        {
          // left out keeps the value; null is a value, and refused like any other missing one
          name: command.name === undefined ? state.fields.name : command.name,
          steps: command.steps === undefined ? state.fields.steps : command.steps,
          repeat: command.repeat === undefined ? state.fields.repeat : command.repeat,
          ackReminderMinutes:
            command.ackReminderMinutes === undefined ? state.fields.ackReminderMinutes : command.ackReminderMinutes,
        },
        // targets kept from before stay valid: a user who left is the paging engine's concern, not an edit's
        [...command.knownTargets, ...state.fields.steps.flatMap((s) => s.targets.map(targetKey))],
        command.ackReminderMinutes === undefined,
      );
      return same(fields, state.fields)
        ? []
        : [{ type: 'EscalationPolicyChanged', data: { policyId, teamId, ...fields } }];
    }
    case 'DeleteEscalationPolicy':
      if (command.usedBy.length > 0) {
        throw new DomainError(
          `The escalation policy is used by ${command.usedBy.join(', ')}: route them elsewhere first`,
          'conflict',
        );
      }
      return [{ type: 'EscalationPolicyDeleted', data: { policyId, teamId } }];
  }
}
